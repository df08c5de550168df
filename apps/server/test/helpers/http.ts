/** Calls the API with an optional GM bearer token; returns the status and the parsed body (null when empty). */
export async function callApi(
  url: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  options: { body?: unknown; bearer?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.bearer !== undefined) headers.authorization = `Bearer ${options.bearer}`;
  const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null, headers: response.headers };
}
