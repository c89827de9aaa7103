// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../config/default-brand.ts';
import { BrandContext } from '../lib/brand.ts';
import { renderHost, resetModals } from '../modals/testing.tsx';
import { TermsLink } from './TermsLink.tsx';
import { openTermsDialog } from './terms-dialog.tsx';

afterEach(resetModals);

describe('Terms and conditions (spec §2 dialog)', () => {
  it('opens from the link under the sign-in form, without a session: the default text names the brand', async () => {
    const user = userEvent.setup();
    const acme = { ...DEFAULT_BRAND, app_name: 'Acme Cloud', company_name: 'Acme Networks' };
    renderHost();
    render(
      <BrandContext value={acme}>
        <TermsLink />
      </BrandContext>,
    );
    await user.click(screen.getByRole('button', { name: 'Terms and conditions' }));
    const paper = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(paper.textContent).toContain('you agree to use Acme Cloud');
    expect(paper.textContent).toContain('Acme Networks may record your actions');
    expect(within(paper).queryByRole('link')).toBeNull();
  });

  it("links the brand's own terms when the brand has a terms_url, in a new tab", async () => {
    renderHost();
    openTermsDialog({
      ...DEFAULT_BRAND,
      company_name: 'Acme Networks',
      terms_url: 'https://acme.example/terms',
    });
    const paper = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    const link = within(paper).getByRole('link', { name: 'Read the full terms of Acme Networks' });
    expect(link.getAttribute('href')).toBe('https://acme.example/terms');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });
});
