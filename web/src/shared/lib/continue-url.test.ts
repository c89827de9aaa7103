import { sameOriginPath } from '@fleetport/contracts/same-origin';
import { describe, expect, it } from 'vitest';
import { LOGIN_PAGE, loginLocation } from './continue-url.ts';

const PAGE_ORIGIN = 'https://host';

const here = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

/** The continue_url query value of a login location, decoded. */
const continueUrlOf = (location: string): string | null =>
  new URL(location, PAGE_ORIGIN).searchParams.get('continue_url');

describe('loginLocation', () => {
  it('on a console page — adds the page as an encoded continue_url to the login page (spec §5 continue_url)', () => {
    // Arrange
    const current = here('/management/files', '?page=2&sort=name', '#top');

    // Act
    const location = loginLocation(current);

    // Assert
    expect(location).toBe('/account/login?continue_url=%2Fmanagement%2Ffiles%3Fpage%3D2%26sort%3Dname%23top');
    expect(continueUrlOf(location)).toBe('/management/files?page=2&sort=name#top');
  });

  // The same-origin rule itself is tested in contracts/src/same-origin.test.ts.
  it('its continue_url — is accepted back by sameOriginPath as the same place (spec §5 continue_url)', () => {
    // Arrange
    const current = here('/notifications', '?unseen=1');
    const value = continueUrlOf(loginLocation(current));

    // Act
    const target = sameOriginPath(value, PAGE_ORIGIN);

    // Assert
    expect(target).toBe('/notifications?unseen=1');
  });

  it('with a login target that already has a query — appends continue_url with & (spec §7 token revoke location)', () => {
    // Arrange
    const current = here('/notifications');

    // Act
    const location = loginLocation(current, '/account/login?client_id=abc');

    // Assert
    expect(location).toBe('/account/login?client_id=abc&continue_url=%2Fnotifications');
  });

  it.each([
    ['the account settings page', here('/account/settings')],
    ['the login page itself', here('/account/login', '?continue_url=%2Fnotifications')],
    ['the logout page', here('/logout')],
    ['the root', here('/')],
    ['an empty path', here('')],
  ])('on %s — answers the bare login page without continue_url (spec §5 continue_url)', (_, current) => {
    // Arrange
    const target = LOGIN_PAGE;

    // Act
    const location = loginLocation(current, target);

    // Assert
    expect(location).toBe('/account/login');
  });

  it('with a target that is not the login page — answers the target unchanged (spec §7 revoke answer location)', () => {
    // Arrange
    const current = here('/management/files');

    // Act
    const location = loginLocation(current, 'https://sso.example/logout');

    // Assert
    expect(location).toBe('https://sso.example/logout');
  });
});
