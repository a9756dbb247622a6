/**
 * A script skill for the container tests, written into a folder: one Node script whose
 * `mode` argument picks what it tries (report where it runs, reach the network, eat memory,
 * start processes, sleep until stopped).
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const SCRIPT = String.raw`
const fs = require('fs');
const net = require('net');
const cp = require('child_process');
const out = (o) => console.log(JSON.stringify(o));
const tryWrite = (p) => { try { fs.writeFileSync(p, 'x'); return 'written'; } catch (e) { return e.code; } };
let text = '';
process.stdin.on('data', (d) => (text += d)).on('end', async () => {
  const input = JSON.parse(text);
  const a = input.arguments;
  if (a.mode === 'info') {
    process.stderr.write('a warning on stderr\n');
    out({ type: 'progress', pct: 50, message: 'half way' });
    out({ type: 'result', data: {
      args: a, uid: process.getuid(), gid: process.getgid(), cwd: process.cwd(),
      home: process.env.HOME, root: input.context.skill.root, skillRoot: process.env.SKILL_ROOT,
      env: Object.keys(process.env).sort(),
      capEff: /^CapEff:\s*(\S+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1],
      noNewPrivs: /^NoNewPrivs:\s*(\S+)/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1],
      skillWrite: tryWrite(process.env.SKILL_ROOT + '/planted'),
      rootWrite: tryWrite('/planted'),
      scratchWrite: tryWrite('scratch-file'),
    }, summary: 'ran' });
  } else if (a.mode === 'net') {
    const results = [];
    for (const host of a.hosts) {
      results.push(await new Promise((done) => {
        const sock = net.connect({ host, port: a.port });
        const t = setTimeout(() => { sock.destroy(); done(host + ': timeout'); }, 2000);
        sock.on('connect', () => { clearTimeout(t); sock.destroy(); done(host + ': connected'); });
        sock.on('error', (e) => { clearTimeout(t); done(host + ': ' + e.code); });
      }));
    }
    out({ type: 'result', data: { results, interfaces: Object.keys(require('os').networkInterfaces()) } });
  } else if (a.mode === 'mem') {
    const keep = [];
    for (;;) keep.push(Buffer.alloc(16 * 1024 * 1024, 1));
  } else if (a.mode === 'pids') {
    let started = 0, failed = 0;
    const kids = [];
    for (let i = 0; i < a.n; i++) {
      try {
        const c = cp.spawn('/bin/sleep', ['30']);
        await new Promise((res) => { c.on('spawn', () => { started++; res(); }); c.on('error', () => { failed++; res(); }); });
        kids.push(c);
      } catch (e) { failed++; }
    }
    out({ type: 'result', data: { started, failed } });
    for (const k of kids) k.kill('SIGKILL');
  } else if (a.mode === 'sleep') {
    out({ type: 'status', message: 'sleeping' });
    setInterval(() => undefined, 1000);
  }
});
`;

/** Writes the skill `name` into `parent` (readable by others, as skill folders are) and returns its folder. */
export async function writeContainerSkill(
  parent: string,
  name: string,
  extraFrontmatter = '',
): Promise<string> {
  const dir = path.join(parent, name);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Probes the container sandbox for tests.\nentrypoint: run.cjs\n${extraFrontmatter}---\n\nA test skill.\n`,
  );
  await writeFile(path.join(dir, 'run.cjs'), SCRIPT);
  await chmod(parent, 0o755);
  await chmod(dir, 0o755);
  return dir;
}
