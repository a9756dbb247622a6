/**
 * Attaching to a created container's stdin, stdout and stderr: `POST /containers/ID/attach`
 * with `Upgrade: tcp`, answered with 101 and then one raw stream both ways. What comes back is
 * multiplexed (8-byte frame headers naming stdout or stderr; dockerode's demuxStream splits
 * it); what we write is the program's stdin, and ending our write side ends its input.
 *
 * Written here on node:http rather than through dockerode's attach: that one sends its own
 * options as the request body, which an engine hands to the program as the first bytes of
 * its stdin.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type Docker from 'dockerode';
import type { EngineEndpoint } from './container-engine';

export interface Attached {
  /** The program's stdin: end it to end the input. */
  stdin: Socket;
  stdout: PassThrough;
  stderr: PassThrough;
  /** Settles once the engine has closed the stream (the program's output is all here). */
  closed: Promise<void>;
}

export function attachContainer(
  docker: Docker,
  endpoint: EngineEndpoint,
  id: string,
  timeoutMs: number,
): Promise<Attached> {
  return new Promise((resolve, reject) => {
    const where =
      endpoint.kind === 'socket'
        ? { socketPath: endpoint.socketPath }
        : { host: endpoint.host, port: endpoint.port };
    const req = http.request({
      ...where,
      method: 'POST',
      path: `/containers/${encodeURIComponent(id)}/attach?stream=1&stdin=1&stdout=1&stderr=1`,
      headers: { Connection: 'Upgrade', Upgrade: 'tcp' },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`attaching to the container got no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    req.on('upgrade', (_res, socket: Socket, head: Buffer) => {
      clearTimeout(timer);
      if (head.length > 0) socket.unshift(head);
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      docker.modem.demuxStream(socket, stdout, stderr);
      const closed = new Promise<void>((done) => {
        socket.once('close', () => {
          stdout.end();
          stderr.end();
          done();
        });
      });
      // A write after the program has gone fails with EPIPE: nothing to do about it.
      socket.on('error', () => undefined);
      resolve({ stdin: socket, stdout, stderr, closed });
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c.slice(0, 2000)));
      res.on('end', () =>
        reject(new Error(`attach answered ${res.statusCode}: ${body.trim() || 'no reason given'}`)),
      );
    });
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end();
  });
}
