import type { BookMode } from '../open-book';

/** Simple glyphs for the ways into a book, drawn in the button's text colour. */
export function ModeIcon({ mode }: { mode: BookMode }) {
  return (
    <svg viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" fill="currentColor">
      {mode === 'read' && (
        <path d="M24 13c-4-3-10-4-16-3.5a2 2 0 0 0-2 2V35a2 2 0 0 0 2.2 2c5.5-.5 11 .5 15.8 3.5 4.8-3 10.3-4 15.8-3.5a2 2 0 0 0 2.2-2V11.5a2 2 0 0 0-2-2C34 9 28 10 24 13zm-2 22.6c-4-2-8.4-2.8-12-2.7V13.4c4.3-.2 8.6.8 12 3.2zm16-2.7c-3.6-.1-8 .7-12 2.7v-19c3.4-2.4 7.7-3.4 12-3.2z" />
      )}
      {mode === 'cn_read' && (
        <>
          <path d="M10 8h28a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4H22l-8 7v-7h-4a4 4 0 0 1-4-4V12a4 4 0 0 1 4-4z" />
          {/* 中: a box crossed by a stroke, in the button's colour. */}
          <g
            fill="none"
            strokeWidth="3.2"
            strokeLinecap="round"
            strokeLinejoin="round"
            style={{ stroke: 'var(--mode, #2192c4)' }}
          >
            <rect x="15.5" y="15.5" width="17" height="9.5" rx="1.5" />
            <path d="M24 11.5v18" />
          </g>
        </>
      )}
      {mode === 'explain' && (
        <path d="M24 5a14 14 0 0 0-8.2 25.4c1.3 1 2.2 2.4 2.2 4V36h12v-1.6c0-1.6.9-3 2.2-4A14 14 0 0 0 24 5zm-6 33v1a4 4 0 0 0 4 4h4a4 4 0 0 0 4-4v-1zm5.2-26.7a1.6 1.6 0 1 1 .6 3.2 7 7 0 0 0-5.6 5.6 1.6 1.6 0 0 1-3.2-.6 10.3 10.3 0 0 1 8.2-8.2z" />
      )}
      {mode === 'repeat' && (
        <path d="M14 14h18v-4.5a1 1 0 0 1 1.6-.8l8 6.3a1 1 0 0 1 0 1.6l-8 6.3a1 1 0 0 1-1.6-.8V18H14a4 4 0 0 0-4 4v2a2 2 0 1 1-4 0v-2a8 8 0 0 1 8-8zm20 20H16v4.5a1 1 0 0 1-1.6.8l-8-6.3a1 1 0 0 1 0-1.6l8-6.3a1 1 0 0 1 1.6.8V30h18a4 4 0 0 0 4-4v-2a2 2 0 1 1 4 0v2a8 8 0 0 1-8 8z" />
      )}
      {mode === 'speak' && (
        <path d="M24 4a7 7 0 0 0-7 7v12a7 7 0 0 0 14 0V11a7 7 0 0 0-7-7zM12.5 21a2 2 0 0 1 2 2 9.5 9.5 0 0 0 19 0 2 2 0 1 1 4 0 13.5 13.5 0 0 1-11.5 13.4V40h5a2 2 0 1 1 0 4H17a2 2 0 1 1 0-4h5v-3.6A13.5 13.5 0 0 1 10.5 23a2 2 0 0 1 2-2z" />
      )}
    </svg>
  );
}
