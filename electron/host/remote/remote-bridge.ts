/**
 * The playground's A2E connection to a remote host, opened by the studio's own host (the
 * desktop app's main process, or `serve` for a browser tab) so the page never holds the
 * token: frames from the page go to the remote host, and its frames come back unchanged.
 *
 * The page's transport opens at once, as a local one does; the remote connection opens
 * behind it. Every request still gets exactly one answer: when the remote host cannot be
 * reached, refuses the token, or goes away mid-call, each request waiting is answered here
 * with a `runtime_error` that says which host and what to fix.
 */
import { encodeMessage } from '../../../shared/protocol/codec';
import {
  makeCallResponse,
  makeDiscoverResponse,
  makeProtocolError,
  transportError,
} from '../../../shared/protocol/messages';
import { errorMessage } from '../../../shared/errors';
import {
  answered,
  connectRemoteA2E,
  REMOTE_MAX_FRAME_BYTES,
  requestOf,
  type RemoteA2E,
  type SentRequest,
} from './remote-a2e';

export interface RemoteTarget {
  name: string;
  url: string;
  token: string | null;
}

export interface RemoteBridge {
  receive(frame: string): void;
  close(): void;
  whenIdle(): Promise<void>;
}

/** Answers `req` here, with `why` as a runtime_error from the host named `name`. */
function failure(req: SentRequest, why: string): string {
  const error = transportError('runtime_error', why);
  return encodeMessage(
    req.type === 'skill/discover/req'
      ? makeDiscoverResponse(req.id, [], error)
      : makeCallResponse(req.id, req.name, { error }),
  );
}

export function openRemoteBridge(
  target: () => Promise<RemoteTarget>,
  send: (frame: string) => void,
): RemoteBridge {
  const waiting = new Map<string, SentRequest>();
  const queued: string[] = [];
  let remote: RemoteA2E | null = null;
  let failed: string | null = null;
  let closed = false;
  let hostName = 'the remote host';
  const idle: (() => void)[] = [];
  const settle = () => {
    if (waiting.size === 0) for (const w of idle.splice(0)) w();
  };
  /** Every request waiting is answered with `why`; later ones are too. */
  const fail = (why: string) => {
    failed = why;
    queued.length = 0;
    for (const req of waiting.values()) send(failure(req, why));
    waiting.clear();
    settle();
  };
  const forward = (frame: string) => {
    if (Buffer.byteLength(frame) > REMOTE_MAX_FRAME_BYTES) {
      send(
        encodeMessage(
          makeProtocolError('parse_error', 'frame over 8 MiB; not sent to the remote host', ''),
        ),
      );
      return;
    }
    const req = requestOf(frame);
    if (req) {
      if (failed !== null) {
        send(failure(req, failed));
        return;
      }
      waiting.set(req.id, req);
    }
    const out = req ? req.frame : frame;
    if (remote) remote.send(out);
    else queued.push(out);
  };

  void target()
    .then((t) => {
      hostName = t.name;
      return connectRemoteA2E({
        url: t.url,
        token: t.token,
        onFrame: (frame) => {
          const id = answered(frame);
          if (id !== null && waiting.delete(id)) settle();
          send(frame);
        },
        onClose: (reason, byUs) => {
          if (!byUs) fail(`${hostName}: ${reason}`);
        },
      });
    })
    .then(
      (r) => {
        if (closed) {
          r.close();
          return;
        }
        remote = r;
        for (const f of queued.splice(0)) r.send(f);
      },
      (err: unknown) => fail(`${hostName}: ${errorMessage(err)}`),
    );

  return {
    receive: (frame) => {
      if (!closed) forward(frame);
    },
    close: () => {
      // Closing is the cancel, as locally: the remote host aborts what still runs.
      closed = true;
      remote?.close();
      waiting.clear();
      settle();
    },
    whenIdle: () =>
      new Promise<void>((resolve) => {
        idle.push(resolve);
        settle();
      }),
  };
}
