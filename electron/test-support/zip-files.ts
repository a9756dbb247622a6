/** Test support: a ZIP of named text files, as a bundle or a client download would be. */
import { ZipFile } from 'yazl';

/** A zip of these files (path → text); a name in `links` becomes a symbolic link entry. */
export function zipFiles(
  files: Record<string, string>,
  links: readonly string[] = [],
): Promise<Buffer> {
  const z = new ZipFile();
  for (const [name, text] of Object.entries(files))
    z.addBuffer(Buffer.from(text), name, links.includes(name) ? { mode: 0o120777 } : {});
  z.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}
