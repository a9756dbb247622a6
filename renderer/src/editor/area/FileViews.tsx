import type { EditorBuffer } from '../../stores/buffer-logic';
import { formatBytes } from '../../util/format-bytes';

/** Images are previewed from the base64 the host sent (data: URLs only, nothing fetched). */
export function ImageView({ buffer }: { buffer: EditorBuffer }) {
  return (
    <div className="file-view image-view" data-testid="image-view">
      <img
        src={`data:${buffer.mime ?? 'image/png'};base64,${buffer.base64 ?? ''}`}
        alt={buffer.path}
        onLoad={(e) => {
          // Icons and sprites are tiny: show them larger, with crisp pixels.
          const img = e.currentTarget;
          if (img.naturalWidth > 0 && img.naturalWidth < 96) {
            img.classList.add('tiny');
            img.style.width = `${Math.min(img.naturalWidth * 8, 256)}px`;
          }
        }}
      />
      <div className="file-view-caption">
        {buffer.path} · {buffer.mime} · {formatBytes(buffer.bytes)}
      </div>
    </div>
  );
}

export function BinaryView({ buffer }: { buffer: EditorBuffer }) {
  const text =
    buffer.kind === 'too_large'
      ? `${buffer.path} is too large to open in the editor (${formatBytes(buffer.bytes)}).`
      : `${buffer.path} is a binary file (${formatBytes(buffer.bytes)}); it cannot be edited here.`;
  return (
    <div className="file-view binary-view" data-testid="binary-view">
      <p>{text}</p>
    </div>
  );
}
