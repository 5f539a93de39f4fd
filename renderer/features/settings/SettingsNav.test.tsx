import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStores } from '../../testing/renderWithStores';
import { settle } from '../../testing/scriptedClient';
import { SETTINGS_SECTIONS } from './SettingsNav';
import { SettingsScreen } from './SettingsScreen';

function registrySection(): HTMLElement {
  const section = document.getElementById('settings-registry')?.closest('section');
  if (!section) throw new Error('no MCP Registry section');
  return section;
}

describe('Settings section list', () => {
  it('lists every section of the screen, in order, each a link a keyboard reaches', async () => {
    await renderWithStores(<SettingsScreen />);
    await settle();
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Model providers',
      'Models',
      'Tool search',
      'Tool approvals',
      'Sandbox',
      'Folders',
      'Tasks',
      'Secrets',
      'MCP Registry',
      'Appearance',
      'About',
    ]);
    // Each link leads to a section that is there, in the same order as on the screen.
    const headings = SETTINGS_SECTIONS.map((s) => document.getElementById(s.heading));
    expect(headings.every((h) => h?.closest('section'))).toBe(true);
    headings.slice(1).forEach((heading, i) => {
      const order = heading ? headings[i]?.compareDocumentPosition(heading) : 0;
      expect((order ?? 0) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
  });

  it('a link brings its section into view, marks it and moves the keyboard there', async () => {
    await renderWithStores(<SettingsScreen />);
    await settle();
    const section = registrySection();
    const scrolled = vi.spyOn(section, 'scrollIntoView');
    const link = screen.getByRole('link', { name: 'MCP Registry' });
    link.focus();
    fireEvent.click(link);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    expect(link.getAttribute('aria-current')).toBe('location');
    expect(document.activeElement).toBe(document.getElementById('settings-registry'));
  });

  it('an address naming a section opens Settings there', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { stores } = await renderWithStores(<SettingsScreen />);
    stores.app.getState().setView({ kind: 'settings', section: 'registry' });
    await settle();
    expect(scrolled.mock.contexts).toContain(registrySection());
    scrolled.mockRestore();
  });

  it('the registry address is a setting', async () => {
    await renderWithStores(<SettingsScreen />);
    await settle();
    const registry = screen.getByRole('region', { name: 'MCP Registry' });
    expect(within(registry).getByLabelText(/Registry address/)).toBeTruthy();
  });
});
