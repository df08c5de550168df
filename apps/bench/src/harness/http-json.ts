import { request } from 'node:http';

/** An HTTP request of the setup phase that takes longer than this is a failure. */
const HTTP_TIMEOUT_MS = 30_000;

export interface JsonResponse {
  readonly status: number;
  readonly body: unknown;
}

/**
 * POSTs JSON with node:http rather than fetch, because the join requests must be able to leave from a
 * chosen loopback source address (`localAddress`), which fetch cannot set.
 */
export function postJson(url: string, body: unknown, localAddress?: string): Promise<JsonResponse> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        localAddress,
        timeout: HTTP_TIMEOUT_MS,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text === '' ? null : JSON.parse(text);
          } catch {
            // Not JSON: keep the text for the error message.
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`POST ${url} took over ${HTTP_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** POSTs and returns the body of a 2xx answer, else throws with the status and body. */
export async function postOk<T>(url: string, body: unknown, localAddress?: string): Promise<T> {
  const { status, body: answer } = await postJson(url, body, localAddress);
  if (status < 200 || status >= 300) throw new Error(`POST ${new URL(url).pathname} → ${status} ${JSON.stringify(answer).slice(0, 200)}`);
  return answer as T;
}
