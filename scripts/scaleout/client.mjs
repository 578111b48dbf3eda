// HTTP through the balancer as the apps call the API: JSON envelopes, the access_token and
// uuid headers, and (for the checks only) `x-scaleout-pin` to ask HAProxy for one process.
import crypto from 'node:crypto';

export class Failed extends Error {}

/** A request to the balancer at `base`; answers { status, instance, body, bytes, headers }. */
export async function call(base, method, url, options = {}) {
  const headers = { ...(options.headers ?? {}) };
  if (options.pin) headers['x-scaleout-pin'] = options.pin;
  if (options.token) headers.access_token = options.token;
  if (options.device) headers.uuid = options.device;
  let body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    // Node's own FormData, as a browser sends it (fetch writes the boundary).
    body = new FormData();
    for (const [name, value] of Object.entries(options.form.fields))
      body.append(name, String(value));
    if (options.form.file)
      body.append(options.form.fileField, new Blob([options.form.file]), 'take.wav');
  }
  const res = await fetch(`${base}${url}`, { method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      json = null;
    }
  }
  return {
    status: res.status,
    instance: res.headers.get('x-instance'),
    body: json,
    bytes,
    headers: res.headers,
  };
}

/** The answer's data when the envelope says code 0 (and, when pinned, the pinned process answered). */
export function ok(res, what, pin) {
  if (res.status !== 200 || res.body?.code !== 0) {
    throw new Failed(
      `${what}: HTTP ${res.status} ${JSON.stringify(res.body ?? res.bytes.toString().slice(0, 200))}`,
    );
  }
  if (pin && res.instance !== pin)
    throw new Failed(`${what}: pinned to ${pin} but ${res.instance} answered`);
  return res.body.data;
}

let seq = 0;
/** A fresh device uuid / phone number / request id per call (this run's pid and time in it). */
export const fresh = {
  device: () => `scaleout-${process.pid}-${Date.now()}-${++seq}`,
  phone: () =>
    `137${String((process.pid * 7919 + Date.now() + ++seq) % 100_000_000).padStart(8, '0')}`,
  id: (prefix) => `${prefix}-${crypto.randomBytes(9).toString('base64url')}`,
};

export async function guest(base, pin) {
  const data = ok(
    await call(base, 'POST', '/api/v1/guest_login', {
      pin,
      json: { device_id: fresh.device() },
    }),
    'guest login',
    pin,
  );
  return data.access_token;
}
