import type { ReactNode } from 'react';

/**
 * The top of every screen: title (the page's only h1), an optional line of context, and actions on the right.
 *
 *   <PageHeader title="Users" description="People who sign in to this organization's apps."
 *     actions={<button className="button button--primary">Create user</button>} />
 *
 * On detail pages pass `meta` (id with a copy button, status badge) below the title.
 */
export function PageHeader({
  title,
  description,
  actions,
  meta,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  meta?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {meta ? <div className="page-header__meta">{meta}</div> : null}
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </header>
  );
}

/** A titled block inside a page (a card with a heading and optional actions). */
export function Section({
  title,
  description,
  actions,
  children,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  id?: string;
}) {
  return (
    <section className="section" aria-labelledby={id ? `${id}-title` : undefined}>
      <div className="section__header">
        <div>
          <h2 className="section__title" id={id ? `${id}-title` : undefined}>
            {title}
          </h2>
          {description ? <p className="section__description">{description}</p> : null}
        </div>
        {actions ? <div className="section__actions">{actions}</div> : null}
      </div>
      <div className="section__body">{children}</div>
    </section>
  );
}
