import { useEffect, useRef, useState } from 'react';
import { callNative } from '../../../shared/bridge/bridge';
import {
  defaultAnswers,
  installBridgeSimulator,
  type SimulatedCall,
  type Simulator,
} from '../../../shared/bridge/simulator';
import { Button } from '../../../shared/ui/Button';
import styles from './DemoPage.module.css';

const ACTIONS = [
  'getAppInfo',
  'setStorage',
  'getStorage',
  'webReady',
  'setApp',
  'downloadApp',
  'openUri',
  'openWeb',
  'openMiniProgram',
  'goBack',
  'request',
  'passwordReset',
  'share',
] as const;
const BROADCASTS = ['user.info', 'user.login', 'mainWeb.action', 'test.openDialog', 'user.logout'];

/**
 * /demo/appBridge (development builds): plays the native shell — logs every call the app makes,
 * answers it (code 0, or the code chosen per action), and sends broadcasts.
 */
export function BridgeSimulator() {
  const [calls, setCalls] = useState<SimulatedCall[]>([]);
  const [codes, setCodes] = useState<Record<string, number>>({});
  const codesRef = useRef(codes);
  codesRef.current = codes;
  const sim = useRef<Simulator | null>(null);

  useEffect(() => {
    sim.current = installBridgeSimulator({
      answer: (action, payload) => {
        const code = codesRef.current[action];
        return code === undefined || code === 0 ? defaultAnswers(action, payload) : { code };
      },
      onCall: (call) => setCalls((list) => [call, ...list].slice(0, 50)),
    });
    return () => sim.current?.uninstall();
  }, []);

  return (
    <div className={styles.page} data-testid="bridge-simulator">
      <h1>Bridge simulator</h1>
      <div className={styles.row}>
        {ACTIONS.map((action) => (
          <span key={action} className={styles.row}>
            <Button
              size="small"
              variant="sky"
              onClick={() => void callNative(action, { key: 'demo', value: '1' })}
            >
              {action}
            </Button>
            <input
              aria-label={`${action} code`}
              type="number"
              value={codes[action] ?? 0}
              onChange={(e) => setCodes({ ...codes, [action]: Number(e.target.value) })}
              style={{ width: '4.5rem' }}
            />
          </span>
        ))}
      </div>
      <div className={styles.row}>
        {BROADCASTS.map((event) => (
          <Button
            key={event}
            size="small"
            variant="grass"
            onClick={() => sim.current?.broadcast(event, { from: 'simulator' })}
          >
            {event}
          </Button>
        ))}
      </div>
      <ol data-testid="bridge-log">
        {calls.map((call) => (
          <li key={call.id}>
            <code>
              {new Date(call.at).toLocaleTimeString()} {call.action} {JSON.stringify(call.payload)}{' '}
              → {JSON.stringify(call.result)}
            </code>
          </li>
        ))}
      </ol>
    </div>
  );
}
