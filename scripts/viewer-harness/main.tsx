/**
 * Dev harness for the document viewer (not part of the console): `npx vite`, then open
 * /scripts/viewer-harness/index.html. Open a local file, or drive it from a script through `window.harness`
 * (check.ts here and scripts/bench/viewer.ts do).
 */
import { StrictMode, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import {
  DocumentViewer,
  decodeBase64,
  loadDocumentFile,
  normalizeContentType,
  sniffContentType,
  type DocumentSource,
  type DocumentViewerHandle,
  type TextHighlight,
  type TextSelection,
} from '../../src/widgets/document-viewer';

type HarnessApi = {
  open(source: { base64: string; contentType: DocumentSource['contentType']; name?: string }): void;
  /** With a content type of application/pdf, a PDF is read by range when the server answers ranges. */
  openFromFileUrl(fileUrl: string, contentType?: DocumentSource['contentType']): Promise<string | null>;
  setHighlight(highlight: TextHighlight | null): void;
  setTheme(theme: 'light' | 'dark'): void;
  scrollToPage(page: number): void;
  selections: TextSelection[];
  pages: number[];
};

declare global {
  interface Window {
    harness: HarnessApi;
  }
}

const themes = {
  light: { '--bg': '#ffffff', '--fg': '#1b1b1f', '--border': '#d4d5dc', '--muted': '#5d5e68', '--accent': '#2f6fde' },
  dark: { '--bg': '#17181c', '--fg': '#e8e8ec', '--border': '#34353d', '--muted': '#a3a4ad', '--accent': '#7aa7ff' },
};

function applyTheme(theme: 'light' | 'dark') {
  for (const [k, v] of Object.entries(themes[theme])) document.documentElement.style.setProperty(k, v);
  document.documentElement.style.colorScheme = theme;
  document.body.style.background = themes[theme]['--bg'];
  document.body.style.color = themes[theme]['--fg'];
}

function Harness() {
  const [source, setSource] = useState<DocumentSource | null>(null);
  const [highlight, setHighlight] = useState<TextHighlight | null>(null);
  const [selection, setSelection] = useState<TextSelection | null>(null);
  const [page, setPage] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const viewer = useRef<DocumentViewerHandle>(null);

  useEffect(() => {
    applyTheme('light');
    window.harness = {
      open: ({ base64, contentType, name }) => {
        performance.mark('harness:open');
        setSource({ bytes: decodeBase64(base64), contentType, name });
      },
      openFromFileUrl: async (fileUrl, contentType) => {
        try {
          setSource(await loadDocumentFile(fileUrl, { contentType }));
          return null;
        } catch (e) {
          setError(e instanceof Error ? e.message : String(e));
          return e instanceof Error ? e.message : String(e);
        }
      },
      setHighlight,
      setTheme: applyTheme,
      scrollToPage: (p) => viewer.current?.scrollToPage(p),
      selections: [],
      pages: [],
    };
  }, []);

  const onFile = async (file: File) => {
    const bytes = await file.arrayBuffer();
    const contentType =
      normalizeContentType(file.type) ??
      sniffContentType(bytes) ??
      (file.name.endsWith('.eml') ? 'message/rfc822' : null);
    if (!contentType) return setError(`${file.name}: not a PDF, image, TIFF or email.`);
    setError(null);
    setSource({ bytes, contentType, name: file.name });
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100vh', font: '14px system-ui, sans-serif' }}>
      <header
        style={{
          display: 'flex',
          gap: 12,
          alignItems: 'center',
          padding: 8,
          flexWrap: 'wrap',
          borderBottom: '1px solid var(--border)',
        }}
      >
        <h1 style={{ fontSize: 16, margin: 0 }}>Document viewer harness</h1>
        <label>
          Open file <input type="file" onChange={(e) => e.target.files?.[0] && void onFile(e.target.files[0])} />
        </label>
        <label>
          Highlight{' '}
          <input
            aria-label="Highlight text"
            onChange={(e) => setHighlight(e.target.value ? { text: e.target.value } : null)}
          />
        </label>
        <span data-testid="selection">
          {selection ? `Selected “${selection.text}” on page ${selection.page}` : 'Nothing selected'}
        </span>
        <span data-testid="page">Page {page}</span>
        {error && (
          <span role="alert" style={{ color: '#b42318' }}>
            {error}
          </span>
        )}
      </header>
      <main style={{ flex: 1, minHeight: 0 }}>
        {source ? (
          <DocumentViewer
            ref={viewer}
            source={source}
            highlight={highlight}
            onTextSelected={(s) => {
              window.harness.selections.push(s);
              setSelection(s);
            }}
            onPageChange={(p) => {
              window.harness.pages.push(p);
              setPage(p);
            }}
          />
        ) : (
          <p style={{ padding: 16 }}>Open a file to view it.</p>
        )}
      </main>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
