import { open } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { badGateway } from '../../http/errors';

/**
 * An http(s) URL of a CSV export or a local file. Bounded in time and size, so a slow or
 * huge answer cannot hold a request hostage. A failure is a 502 naming what went wrong,
 * never echoing the address, which may carry a secret token.
 */

export interface SheetSourceLimits {
  timeoutMs: number;
  maxBytes: number;
}

export const DEFAULT_SHEET_SOURCE_LIMITS: SheetSourceLimits = {
  timeoutMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
};

export function isUrlSource(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source);
}

export function isValidSource(source: string): boolean {
  if (!isUrlSource(source)) return source.trim() !== '';
  try {
    return ['http:', 'https:', 'file:'].includes(new URL(source).protocol);
  } catch {
    return false;
  }
}

// An HTML page (a sign-in wall, an unpublished sheet) or JSON is not a sheet.
const CSV_CONTENT_TYPES = [
  'text/csv',
  'text/plain',
  'application/csv',
  'text/comma-separated-values',
  'application/vnd.ms-excel',
  'application/octet-stream',
];

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function csvTextOf(bytes: Uint8Array, label: string): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badGateway(`The ${label} is not CSV: it is not UTF-8 text`);
  }
  if (text.includes('\u0000')) throw badGateway(`The ${label} is not CSV: it is binary data`);
  if (/^\s*<(!doctype|html|\?xml)/i.test(text.replace(/^\uFEFF/, ''))) {
    throw badGateway(
      `The ${label} is not CSV: it answered a web page (is the sheet published, and is the address its CSV export?)`,
    );
  }
  return text;
}

async function readUrl(url: URL, label: string, limits: SheetSourceLimits): Promise<string> {
  const seconds = limits.timeoutMs / 1000;
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const timedOut = () =>
    badGateway(
      `The ${label} did not answer within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}; nothing was changed`,
    );
  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept: 'text/csv, text/plain;q=0.9, */*;q=0.1' },
    });
  } catch (error) {
    if (signal.aborted) throw timedOut();
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const code =
      typeof cause === 'object' && cause !== null && 'code' in cause
        ? String(cause.code)
        : undefined;
    throw badGateway(
      `The ${label} could not be reached${code ? ` (${code})` : ''}; nothing was changed`,
    );
  }
  try {
    if (!response.ok) {
      throw badGateway(
        `The ${label} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}; nothing was changed`,
      );
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (contentType && !CSV_CONTENT_TYPES.includes(contentType.toLowerCase())) {
      throw badGateway(`The ${label} is not CSV: it answered ${contentType}`);
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge(label, limits);
    return csvTextOf(await readCapped(response, label, limits), label);
  } catch (error) {
    if (signal.aborted) throw timedOut();
    throw error;
  } finally {
    await response.body?.cancel().catch(() => undefined);
  }
}

const tooLarge = (label: string, limits: SheetSourceLimits) =>
  badGateway(`The ${label} is larger than ${megabytes(limits.maxBytes)}; nothing was changed`);

/** Stops as soon as it passes the cap. */
async function readCapped(
  response: Response,
  label: string,
  limits: SheetSourceLimits,
): Promise<Uint8Array> {
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limits.maxBytes) {
      await reader.cancel();
      throw tooLarge(label, limits);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

async function readFile(file: string, label: string, limits: SheetSourceLimits): Promise<string> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw badGateway(
      code === 'ENOENT'
        ? `The ${label} file does not exist; nothing was changed`
        : `The ${label} file cannot be read${code ? ` (${code})` : ''}; nothing was changed`,
    );
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw badGateway(`The ${label} is not a file; nothing was changed`);
    if (stats.size > limits.maxBytes) throw tooLarge(label, limits);
    // One byte past the cap: the file may grow between stat and read.
    const buffer = Buffer.alloc(limits.maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    if (bytesRead > limits.maxBytes) throw tooLarge(label, limits);
    return csvTextOf(buffer.subarray(0, bytesRead), label);
  } finally {
    await handle.close();
  }
}

/** A relative path is read from the server's working directory. */
export async function readSheetSource(
  source: string,
  label: string,
  limits: SheetSourceLimits = DEFAULT_SHEET_SOURCE_LIMITS,
): Promise<string> {
  if (!isUrlSource(source)) return readFile(path.resolve(source), label, limits);
  const url = new URL(source);
  if (url.protocol === 'file:') return readFile(fileURLToPath(url), label, limits);
  if (url.protocol === 'http:' || url.protocol === 'https:') return readUrl(url, label, limits);
  throw badGateway(`The ${label} must be an http(s) address or a file path`);
}
