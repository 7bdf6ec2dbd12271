/**
 * The user forms on the shared field groups (CreateForm, NameDescriptionFields, RolesField, MetadataField): the same
 * fields in the same order as before, an empty box left out of a create body and cleared by an edit.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { User } from '@/contract';
import { renderInConsole } from '@/components/testing/render-in-console';
import { CreateUserForm, EditUserForm } from './user-forms';

const ROLES = [{ value: 'svc:role:0123456789abcdef0123456789abcdef', label: 'Reviewers' }];
const USER_ID = 'svc:user:0123456789abcdef0123456789abcdef';

describe('user forms', () => {
  it('creates a user from the fields in order, leaving empty ones out', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderInConsole(<CreateUserForm options={{ roles: ROLES, appClients: [] }} onSubmit={onSubmit} />);
    const form = await screen.findByRole('form', { name: 'Create user' });
    const labels = [...form.querySelectorAll('label, legend')].map((l) =>
      l.textContent?.replace(/optional/, '').trim(),
    );
    expect(labels.slice(0, 4)).toEqual(['Email', 'Name', 'Description', 'Roles']);
    await userEvent.type(screen.getByLabelText('Email'), 'ann@example.com');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reviewers' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        email: 'ann@example.com',
        name: undefined,
        description: undefined,
        roleIds: [ROLES[0].value],
      }),
    );
  });

  it('sends only what an edit changed, an emptied name as null', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const user = { userId: USER_ID, name: 'Ann', description: 'Reviewer', roleIds: [] } as unknown as User;
    renderInConsole(<EditUserForm user={user} roles={ROLES} onSubmit={onSubmit} />);
    await userEvent.clear(await screen.findByLabelText(/^Name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: null }));
  });
});
