import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { downloadSource } from '@/widgets/document-viewer/download-source';
import { Icon } from '@/widgets/document-viewer/icons';
import { ToolbarButton } from '@/widgets/document-viewer/viewer-toolbar';
import type { BytesSource, DocumentSource } from '@/widgets/document-viewer/viewer-types';
import { parseEmail, type EmailAddress, type ParsedEmail } from './parse-email';

type Props = {
  source: BytesSource;
  toolbarStart?: ReactNode;
  /** Renders an opened attachment in a document viewer, with `back` in its toolbar. */
  renderAttachment: (attachment: DocumentSource, back: ReactNode) => ReactNode;
};

const formatAddresses = (list: EmailAddress[]) =>
  list.map((a) => (a.name && a.address ? `${a.name} <${a.address}>` : a.name || a.address)).join(', ');

function formatDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A message/rfc822 document: headers, the sanitized body in a sandboxed frame, and its attachments. */
export function EmailView({ source, toolbarStart, renderAttachment }: Props) {
  const state = useParsedEmail(source.bytes);
  const [opened, setOpened] = useState<number | null>(null);
  const returnFocus = useRef<number | null>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (opened !== null || returnFocus.current === null) return;
    list.current?.querySelector<HTMLButtonElement>(`[data-attachment="${returnFocus.current}"]`)?.focus();
    returnFocus.current = null;
  }, [opened]);

  if (!state)
    return (
      <p className="dv-status" role="status">
        Opening message…
      </p>
    );
  if ('error' in state)
    return (
      <p className="dv-status dv-error" role="alert">
        {state.error}
      </p>
    );
  const { email } = state;

  if (opened !== null) {
    const attachment = email.attachments[opened];
    const back = (
      <button
        type="button"
        className="dv-button dv-back"
        onClick={() => {
          returnFocus.current = opened;
          setOpened(null);
        }}
      >
        <Icon name="back" /> Message
      </button>
    );
    return (
      <>
        {renderAttachment(
          { bytes: attachment.bytes, contentType: attachment.viewerType!, name: attachment.name },
          back,
        )}
      </>
    );
  }

  return (
    <div className="dv-email">
      <div className="dv-toolbar" role="toolbar" aria-label="Message tools">
        {toolbarStart}
        <div className="dv-spacer" />
        <ToolbarButton icon="download" label="Download message" onClick={() => downloadSource(source)} />
      </div>
      <div className="dv-email-scroll">
        <EmailHeader email={email} />
        {email.blockedRemote > 0 && (
          <p className="dv-note" role="note">
            {email.blockedRemote === 1
              ? '1 remote image or style was'
              : `${email.blockedRemote} remote images or styles were`}{' '}
            blocked: loading them would tell the sender the message was opened. Links are shown but not followed.
          </p>
        )}
        <AttachmentList ref={list} attachments={email.attachments} onOpen={setOpened} />
        {email.frameHtml !== null ? (
          <iframe
            className="dv-email-frame"
            title="Message body"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={email.frameHtml}
          />
        ) : (
          <pre className="dv-email-text">{email.text ?? '(empty message)'}</pre>
        )}
      </div>
    </div>
  );
}

/** The message's bytes parsed (in the background), or why they could not be; null while parsing. */
function useParsedEmail(bytes: BytesSource['bytes']) {
  const [state, setState] = useState<{ email: ParsedEmail } | { error: string } | null>(null);
  useEffect(() => {
    // The viewer remounts this view for other bytes, so there is no earlier state to reset.
    let cancelled = false;
    parseEmail(bytes).then(
      (email) => {
        if (!cancelled) setState({ email });
      },
      (error: unknown) => {
        if (!cancelled)
          setState({
            error: `The message could not be read: ${error instanceof Error ? error.message : String(error)}`,
          });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [bytes]);
  return state;
}

/** Subject, then From, To, Cc (those present) and Date. */
function EmailHeader({ email }: { email: ParsedEmail }) {
  const headers: [string, string][] = [
    ['From', formatAddresses(email.from)],
    ['To', formatAddresses(email.to)],
    ['Cc', formatAddresses(email.cc)],
  ];
  return (
    <header className="dv-email-header">
      <h2 className="dv-email-subject">{email.subject || '(no subject)'}</h2>
      <dl className="dv-email-fields">
        {headers
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        {email.date && (
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={email.date} title={email.date}>
                {formatDate(email.date)}
              </time>
            </dd>
          </div>
        )}
      </dl>
    </header>
  );
}

/** The message's attachments: open those the viewer shows, download any. */
function AttachmentList({
  ref,
  attachments,
  onOpen,
}: {
  ref: Ref<HTMLUListElement>;
  attachments: ParsedEmail['attachments'];
  onOpen: (index: number) => void;
}) {
  if (attachments.length === 0) return null;
  return (
    <section className="dv-attachments" aria-label="Attachments">
      <h3 className="dv-attachments-title">
        <Icon name="attachment" /> {attachments.length} {attachments.length === 1 ? 'attachment' : 'attachments'}
      </h3>
      <ul ref={ref}>
        {attachments.map((a, i) => (
          <li key={i} className="dv-attachment">
            <span className="dv-attachment-name">{a.name}</span>
            <span className="dv-attachment-meta">
              {a.mimeType} · {a.size}
              {a.inline ? ' · inline' : ''}
            </span>
            {a.viewerType ? (
              <button
                type="button"
                className="dv-button dv-text-button"
                data-attachment={i}
                onClick={() => onOpen(i)}
                aria-label={`Open ${a.name}`}
              >
                Open
              </button>
            ) : null}
            <button
              type="button"
              className="dv-button dv-text-button"
              aria-label={`Download ${a.name}`}
              onClick={() => downloadSource({ bytes: a.bytes, contentType: a.mimeType, name: a.name })}
            >
              Download
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
