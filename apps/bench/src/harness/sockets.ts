import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** Connecting (handshake and first state) slower than this on a loaded machine is a failure. */
export const CONNECT_TIMEOUT_MS = 30_000;

/**
 * The options every bench client uses on every target: WebSocket only (no polling upgrade dance),
 * one connection per socket as on real phones, and no reconnection: a drop is an error to count, not hide.
 */
export const CLIENT_SOCKET_OPTIONS = {
  transports: ['websocket'],
  forceNew: true,
  reconnection: false,
  timeout: CONNECT_TIMEOUT_MS,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

export function openSocket<S extends Socket>(url: string, options: Partial<ManagerOptions & SocketOptions> = {}): S {
  return io(url, { ...CLIENT_SOCKET_OPTIONS, ...options }) as S;
}

/** Resolves when `ready` is called, rejects on a connect error or after CONNECT_TIMEOUT_MS. */
export function untilReady(socket: Socket, wire: (ready: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`socket not ready within ${CONNECT_TIMEOUT_MS} ms`)), CONNECT_TIMEOUT_MS);
    socket.once('connect_error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    wire(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
