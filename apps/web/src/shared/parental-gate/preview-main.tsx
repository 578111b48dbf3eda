/**
 * Dev-only visual harness (nothing imports it, so it never ships):
 * /src/shared/parental-gate/preview.html?area=child|parents&lang=en
 */
import '@fontsource/fredoka/latin-500.css';
import '@fontsource/fredoka/latin-600.css';
import '../ui/global.css';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '../i18n';
import { applyRootFont } from '../platform/root-font';
import bgLibrary from '../ui/backgrounds/bg-library.svg';
import bgParents from '../ui/backgrounds/bg-parents.svg';
import { requestParentalMode } from './gate-store';
import { ParentalGateHost } from './ParentalGateHost';

const params = new URLSearchParams(window.location.search);
const area = params.get('area') === 'parents' ? 'parents' : 'child';
applyRootFont(area);
document.documentElement.lang = i18n.language;

function Preview() {
  const [result, setResult] = useState('…');
  const open = () => {
    setResult('…');
    void requestParentalMode({ isStrictIos: true }).then((passed) => setResult(String(passed)));
  };
  return (
    <div
      data-area={area}
      style={{
        height: '100%',
        background: `url(${area === 'parents' ? bgParents : bgLibrary}) center / cover`,
        padding: '1rem',
      }}
    >
      <button type="button" onClick={open}>
        open gate
      </button>{' '}
      <output data-testid="result">{result}</output>
      <ParentalGateHost />
    </div>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <Preview />
  </StrictMode>,
);
void requestParentalMode({ isStrictIos: true });
