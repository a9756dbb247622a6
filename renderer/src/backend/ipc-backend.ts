/**
 * Desktop backend: the same Studio API over the preload bridge (window.studio).
 * Only plain data crosses the bridge; errors come back as {ok:false,error}.
 */
import type {
  A2EConnection,
  Backend,
  BridgeReply,
  ParamsOf,
  ResultOf,
  StudioBridge,
  StudioMethod,
} from '../../../shared/api/studio-api';
import type { A2EOutbound, A2ERequest } from '../../../shared/protocol/a2e';
import {
  makeCallResponse,
  makeDiscoverResponse,
  transportError,
} from '../../../shared/protocol/messages';
import { StudioError, isStudioErrorPayload, toStudioError } from './studio-error';
import { parseStudioEvent } from './event-parse';
import { errorMessage } from '../../../shared/errors';

/** The result of `method` from the bridge's reply, or its error thrown as a StudioError. */
export async function resultOfReply<M extends StudioMethod>(
  method: M,
  send: () => Promise<BridgeReply>,
): Promise<ResultOf<M>> {
  let reply: BridgeReply;
  try {
    reply = await send();
  } catch (err) {
    throw toStudioError(err);
  }
  if (reply && reply.ok === true) return reply.result as ResultOf<M>;
  const error = reply && reply.ok === false ? reply.error : null;
  if (isStudioErrorPayload(error)) throw new StudioError(error.code, error.message);
  throw new StudioError('internal', `The desktop host gave no usable answer to ${method}.`);
}

export function createIpcBackend(bridge: StudioBridge): Backend {
  const call = <M extends StudioMethod>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>> =>
    resultOfReply(method, () => bridge.call(method, params));

  function a2e(
    agent: string | null,
    onMessage: (msg: A2EOutbound) => void,
    host: string | null = null,
  ): A2EConnection {
    const queue: A2ERequest[] = [];
    let id: string | null = null;
    let closed = false;
    /** Set when the host refused the connection (e.g. an agent deleted meanwhile). */
    let refusal: string | null = null;
    // Every request gets its answer even when the connection never opened, as the
    // WebSocket transport would answer: a refused response, not silence.
    const refuse = (req: A2ERequest, message: string) => {
      const error = transportError('unauthorized', message);
      onMessage(
        req.type === 'skill/call/req'
          ? makeCallResponse(req.id, req.name, { error })
          : makeDiscoverResponse(req.id, [], error),
      );
    };
    const off = bridge.onA2E((connectionId, frame) => {
      if (connectionId !== id) return;
      try {
        onMessage(JSON.parse(frame) as A2EOutbound);
      } catch {
        // A frame that is not JSON is the host's bug; drop it and keep the connection.
      }
    });
    void bridge.a2eOpen(agent, host).then(
      (connectionId) => {
        if (closed) {
          bridge.a2eClose(connectionId);
          return;
        }
        id = connectionId;
        for (const req of queue.splice(0)) bridge.a2eSend(connectionId, JSON.stringify(req));
      },
      (err: unknown) => {
        off();
        refusal = `the host refused the connection: ${errorMessage(err)}`;
        for (const req of queue.splice(0)) refuse(req, refusal);
      },
    );
    return {
      send(msg: A2ERequest) {
        if (refusal !== null) refuse(msg, refusal);
        else if (id) bridge.a2eSend(id, JSON.stringify(msg));
        else queue.push(msg);
      },
      close() {
        closed = true;
        off();
        if (id) bridge.a2eClose(id);
      },
    };
  }

  return {
    call,
    a2e,
    // IPC delivers frames one by one; a batch is one message.
    a2eStream: (agent, onBatch, host) => a2e(agent, (msg) => onBatch([msg]), host),
    onEvent(listener) {
      // Re-check the shape even over IPC: the renderer trusts no frame blindly.
      return bridge.onEvent((event) => {
        const parsed = parseStudioEvent(event);
        if (parsed) listener(parsed);
      });
    },
  };
}
