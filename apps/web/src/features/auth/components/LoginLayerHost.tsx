import { Suspense } from 'react';
import { useLoginLayer } from '../../../shared/session/login-layer';
import { LoginScreen } from '../pages/lazy-login';

/** Mounted once by the shell: the login layer when something asked for it. */
export function LoginLayerHost() {
  const { isOpen, onDone, onCancel, close } = useLoginLayer();
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LoginScreen
        asLayer
        onClose={() => {
          close();
          onCancel?.();
        }}
        onLoggedIn={() => {
          close();
          onDone?.();
        }}
      />
    </Suspense>
  );
}
