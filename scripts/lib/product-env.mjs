// The product as the journeys, the benchmarks and the scale-out check run it: production mode
// with the development adapters (the SMS outbox, the sandbox cashier, the development operator)
// standing in for the outside world.
import { randomBytes } from 'node:crypto';

/** The environment of such a server; callers add its address, data and anything of their own. */
export function demoProductionEnv() {
  return {
    NODE_ENV: 'production',
    ALLOW_DEV_ADAPTERS: '1',
    // Production refuses the development key of signed media URLs; any random one will do (one
    // call's key for all the processes that share it).
    MEDIA_URL_KEY: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
  };
}
