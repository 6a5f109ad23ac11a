/**
 * Reads a response's first `size` bytes (fewer when the file is shorter) and gives back a response that
 * still holds the whole file: the bytes read come first, then the rest as it arrives.
 */
export async function peekFile(response: Response, size: number): Promise<{ head: Uint8Array; file: Response }> {
  const init = { status: response.status, statusText: response.statusText, headers: response.headers };
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { head: bytes.subarray(0, size), file: new Response(bytes, init) };
  }
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let length = 0;
  while (length < size) {
    const { value, done } = await reader.read();
    if (done) break;
    parts.push(value);
    length += value.length;
  }
  const read = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    read.set(part, offset);
    offset += part.length;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (read.length) controller.enqueue(read);
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { head: read.subarray(0, size), file: new Response(rest, init) };
}
