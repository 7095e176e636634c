import type { Socket } from 'node:net';
import { commonMessages } from '@receptoria/contracts';

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Malformed requests refused by Node's HTTP parser still get a JSON answer with a Spanish detail. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431 ? commonMessages.headersTooLarge : status === 408 ? commonMessages.unavailable : commonMessages.invalidUrl;
  const body = JSON.stringify({ detail });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
