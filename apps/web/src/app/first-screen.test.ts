import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../shared/session/session';
import { useStartup } from '../shared/startup/startup-store';
import { whenFirstScreenReady } from './App';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  useStartup.setState({ configsState: 'initial', userState: 'initial' });
  useSession.getState().logout();
});

describe('the first render waits for the opening screen (decision 111)', () => {
  it('settles once configs and, with a token, the user info have answered', async () => {
    window.history.replaceState(null, '', '/');
    useSession.getState().setLogin('token-1');
    useStartup.setState({ configsState: 'loading', userState: 'loading' });
    let isSettled = false;
    void whenFirstScreenReady(10_000).then(() => {
      isSettled = true;
    });
    await tick();
    expect(isSettled).toBe(false);
    useStartup.setState({ configsState: 'done' });
    await tick();
    expect(isSettled).toBe(false);
    useStartup.setState({ userState: 'error' });
    await tick();
    expect(isSettled).toBe(true);
  });

  it('settles at once without a token when the configs are in', async () => {
    useStartup.setState({ configsState: 'done', userState: 'initial' });
    await expect(whenFirstScreenReady(10_000)).resolves.toBeUndefined();
  });

  it('settles after its wait anyway (a slow network: the app draws its splash)', async () => {
    useSession.getState().setLogin('token-1');
    useStartup.setState({ configsState: 'loading', userState: 'loading' });
    const started = performance.now();
    await whenFirstScreenReady(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });
});
