/**
 * `a2e --connect URL [--token-file F]`: an A2E connection to a host elsewhere
 * (host/remote/remote-a2e.ts). The token file follows `serve --token-file`'s rules (a
 * regular file of this user, mode 0600, no symlink, at most 4 KB), except that it must
 * exist: a client has no token to make up.
 */
import { readTokenFile } from '../../server/token-file';
import { encodeMessage } from '../../../shared/protocol/codec';
import { makeProtocolError } from '../../../shared/protocol/messages';
import { LineSplitter } from '../runner/script-output';
import {
  connectRemoteA2E,
  REMOTE_MAX_FRAME_BYTES,
  RemoteHostError,
  type RemoteA2E,
} from '../remote/remote-a2e';
import type { A2ELineConnection } from './studio';

export { RemoteHostError } from '../remote/remote-a2e';

export interface ConnectA2EOptions {
  url: string;
  /** The file holding the host's API token; null connects without one. */
  tokenFile: string | null;
  /** Each frame of the host; false asks to stop reading until `drained` is called. */
  onFrame: (frame: string, drained: () => void) => boolean | void;
  onClose: (reason: string, byUs: boolean) => void;
}

/** The token in `file`, or a RemoteHostError saying what is wrong with the file. */
export async function tokenFromFile(file: string): Promise<string> {
  const read = await readTokenFile(file);
  if (!read.ok) throw new RemoteHostError(read.message);
  if (read.token === null)
    throw new RemoteHostError(
      `--token-file ${file} does not exist: put the host's API token in it (chmod 600)`,
    );
  if (read.token === '') throw new RemoteHostError(`--token-file ${file} is empty`);
  return read.token;
}

/**
 * The connection read from lines pushed in, as `a2e --stdio` reads them: one JSON message
 * per line; a line over 8 MiB is answered here with parse_error (never sent, never held
 * whole) and the next line is read as usual.
 */
export async function connectA2E(opts: ConnectA2EOptions): Promise<A2ELineConnection> {
  const token = opts.tokenFile === null ? null : await tokenFromFile(opts.tokenFile);
  let remote: RemoteA2E | null = null;
  let paused = false;
  const drained = () => {
    if (!paused) return;
    paused = false;
    remote?.resume();
  };
  const deliver = (frame: string) => {
    if (opts.onFrame(frame, drained) === false && !paused) {
      paused = true;
      remote?.pause();
    }
  };
  remote = await connectRemoteA2E({
    url: opts.url,
    token,
    onFrame: deliver,
    onClose: opts.onClose,
  });
  const open: RemoteA2E = remote;
  // Ours to answer, but written the same way: a full reader pauses the host.
  const tooLong = () =>
    deliver(
      encodeMessage(
        makeProtocolError(
          'parse_error',
          `message line over ${REMOTE_MAX_FRAME_BYTES} bytes (8 MiB); not sent to the host`,
          '',
        ),
      ),
    );
  const splitter = new LineSplitter(
    REMOTE_MAX_FRAME_BYTES,
    (line) => {
      if (line.trim() !== '' && !open.send(line)) tooLong();
    },
    tooLong,
    'skip',
  );
  return {
    push: (chunk) => splitter.push(chunk),
    end: () => splitter.end(),
    close: () => open.close(),
    whenIdle: () => open.whenIdle(),
  };
}
