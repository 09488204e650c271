import { execFileSync } from 'node:child_process';
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A push service for the tests: a real HTTPS server on 127.0.0.1 with a self-signed
 * certificate made here (the app processes trust it through NODE_EXTRA_CA_CERTS and
 * verify TLS as usual). It receives what the app sends, checks the VAPID signature, and
 * decrypts each message with the subscription's private key (RFC 8291 / RFC 8188
 * aes128gcm), so a test reads exactly what a browser would show.
 */
export interface ReceivedPush {
  deviceId: string;
  ttl: string | undefined;
  topic: string | undefined;
  urgency: string | undefined;
  vapidPublicKey: string;
  message: { title: string; body: string; url: string; kind: string; tag: string };
}

export interface TestDevice {
  id: string;
  /** What a browser's PushSubscription.toJSON() gives; send it to POST /api/push/subscriptions. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
  /** The status this device's endpoint answers (201 by default; 410 once the browser unsubscribed). */
  status: number;
}

export interface PushService {
  caFile: string;
  origin: string;
  received: ReceivedPush[];
  /** Pushes that failed the service's checks (bad signature, undecryptable): must stay empty. */
  rejected: string[];
  newDevice(status?: number): TestDevice;
  to(device: TestDevice): ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pickem-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );

  const devices = new Map<string, TestDevice>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const server = https.createServer(
    { key: readFileSync(keyFile), cert: readFileSync(caFile) },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const id = request.url?.replace('/push/', '') ?? '';
        const device = devices.get(id);
        if (!device || request.method !== 'POST') {
          response.writeHead(404).end();
          return;
        }
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') {
            throw new Error(`content-encoding ${request.headers['content-encoding']}`);
          }
          const vapidPublicKey = checkVapid(request.headers.authorization, origin);
          const plaintext = decrypt(Buffer.concat(chunks), device);
          received.push({
            deviceId: id,
            ttl: request.headers.ttl as string | undefined,
            topic: request.headers.topic as string | undefined,
            urgency: request.headers.urgency as string | undefined,
            vapidPublicKey,
            message: JSON.parse(plaintext.toString('utf8')) as ReceivedPush['message'],
          });
          response.writeHead(device.status).end();
        } catch (error) {
          rejected.push(`${id}: ${(error as Error).message}`);
          response.writeHead(400).end();
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    caFile,
    origin,
    received,
    rejected,
    newDevice(status = 201) {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const device: TestDevice = {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
        ecdh,
        auth,
        status,
      };
      devices.set(id, device);
      return device;
    },
    to: (device) => received.filter((push) => push.deviceId === device.id),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed by that key, for
 * this push service's origin, not expired. Returns the key, for the test to compare with
 * the app's GET /api/push/public-key.
 */
function checkVapid(header: string | undefined, audience: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`authorization ${header}`);
  const [, token = '', publicKey = ''] = match;
  const [head = '', claims = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== audience) throw new Error(`VAPID audience ${body.aud}`);
  if (body.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return publicKey;
}

/**
 * RFC 8291 §3.4 and RFC 8188: the header (salt, record size, the sender's ephemeral
 * public key), then one record encrypted with AES-128-GCM under a key and nonce derived
 * from the ECDH secret and the subscription's auth secret; padding ends with 0x02.
 */
function decrypt(body: Buffer, device: TestDevice): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (record.length > recordSize) throw new Error('more than one record');

  const ecdhSecret = device.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with 0x02');
  return padded.subarray(0, end);
}
