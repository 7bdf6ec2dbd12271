import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useTimeZone } from '@/components/date-time';
import { formatDateTime } from '@/i18n/format';
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

// The addresses are the message's own data, written as mail programs write them ("Ann <ann@x.no>, bob@y.no").
const formatAddresses = (list: EmailAddress[]) =>
  list.map((a) => (a.name && a.address ? `${a.name} <${a.address}>` : a.name || a.address)).join(', ');

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
        <Trans>Opening message…</Trans>
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
        <Icon name="back" /> <Trans>Message</Trans>
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
      <div className="dv-toolbar" role="toolbar" aria-label={t`Message tools`}>
        {toolbarStart}
        <div className="dv-spacer" />
        <ToolbarButton icon="download" label={t`Download message`} onClick={() => downloadSource(source)} />
      </div>
      <div className="dv-email-scroll">
        <EmailHeader email={email} />
        <BlockedNote blockedCount={email.blockedRemote} />
        <AttachmentList ref={list} attachments={email.attachments} onOpen={setOpened} />
        {email.frameHtml !== null ? (
          <iframe
            className="dv-email-frame"
            title={t`Message body`}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={email.frameHtml}
          />
        ) : (
          <pre className="dv-email-text">{email.text ?? t`(empty message)`}</pre>
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
            error: readFailure(error),
          });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [bytes]);
  return state;
}

/** How much remote content was blocked, and why (nothing when none was). */
function BlockedNote({ blockedCount }: { blockedCount: number }) {
  if (blockedCount <= 0) return null;
  return (
    <p className="dv-note" role="note">
      <Plural
        value={blockedCount}
        one="# remote image or style was blocked: loading them would tell the sender the message was opened. Links are shown but not followed."
        other="# remote images or styles were blocked: loading them would tell the sender the message was opened. Links are shown but not followed."
      />
    </p>
  );
}

/** Why the message could not be read: the parser's own words after ours. */
function readFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return t`The message could not be read: ${reason}`;
}

/** Subject, then From, To, Cc (those present) and Date (in the operator's time zone; the header's own on hover). */
function EmailHeader({ email }: { email: ParsedEmail }) {
  const [zone] = useTimeZone();
  const headers: { key: string; label: string; value: string }[] = [
    { key: 'from', label: t`From`, value: formatAddresses(email.from) },
    { key: 'to', label: t`To`, value: formatAddresses(email.to) },
    { key: 'cc', label: t`Cc`, value: formatAddresses(email.cc) },
  ];
  return (
    <header className="dv-email-header">
      <h2 className="dv-email-subject">{email.subject || t`(no subject)`}</h2>
      <dl className="dv-email-fields">
        {headers
          .filter(({ value }) => value)
          .map(({ key, label, value }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {email.date && (
          <div>
            <dt>
              <Trans>Date</Trans>
            </dt>
            <dd>
              <time dateTime={email.date} title={email.date}>
                {formatDateTime(email.date, zone, false)}
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
  const attachmentCount = attachments.length;
  if (attachmentCount === 0) return null;
  return (
    <section className="dv-attachments" aria-label={t`Attachments`}>
      <h3 className="dv-attachments-title">
        <Icon name="attachment" /> <Plural value={attachmentCount} one="# attachment" other="# attachments" />
      </h3>
      <ul ref={ref}>
        {attachments.map((attachment, i) => (
          <AttachmentItem key={i} index={i} attachment={attachment} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** One attachment: its name, type, size (and whether the body shows it), Open when the viewer shows it, Download. */
function AttachmentItem({
  index,
  attachment,
  onOpen,
}: {
  index: number;
  attachment: ParsedEmail['attachments'][number];
  onOpen: (index: number) => void;
}) {
  const { name: attachmentName, mimeType, size, inline, viewerType, bytes } = attachment;
  return (
    <li className="dv-attachment">
      <span className="dv-attachment-name">{attachmentName}</span>
      <span className="dv-attachment-meta">{inline ? t`${mimeType} · ${size} · inline` : `${mimeType} · ${size}`}</span>
      {viewerType ? (
        <button
          type="button"
          className="dv-button dv-text-button"
          data-attachment={index}
          onClick={() => onOpen(index)}
          aria-label={t`Open ${attachmentName}`}
        >
          <Trans>Open</Trans>
        </button>
      ) : null}
      <button
        type="button"
        className="dv-button dv-text-button"
        aria-label={t`Download ${attachmentName}`}
        onClick={() => downloadSource({ bytes, contentType: mimeType, name: attachmentName })}
      >
        <Trans>Download</Trans>
      </button>
    </li>
  );
}
