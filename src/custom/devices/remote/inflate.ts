/** base64 → bytes, without Buffer (the browser has none). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * viewLog's `stText` (base64 of raw deflate, docs/api.md) as text, inflated by the browser's own
 * DecompressionStream: no inflate library in the bundle.
 */
export async function inflateLog(base64: string): Promise<string> {
  const bytes = base64Bytes(base64);
  const input = new ReadableStream<BufferSource>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
  const reader = input.pipeThrough<Uint8Array>(new DecompressionStream('deflate-raw')).getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
