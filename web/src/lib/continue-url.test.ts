import { describe, expect, it } from 'vitest';
import { LOGIN_PAGE, loginLocation, safeContinueUrl } from './continue-url.ts';

const PAGE_ORIGIN = 'https://host';

const here = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

/** The continue_url query value of a login location, decoded. */
const continueUrlOf = (location: string): string | null =>
  new URL(location, PAGE_ORIGIN).searchParams.get('continue_url');

describe('safeContinueUrl', () => {
  it.each([
    ['a path', '/management/files', '/management/files'],
    [
      'a path with query and hash',
      '/management/files?page=2&sort=name#top',
      '/management/files?page=2&sort=name#top',
    ],
    [
      'an absolute URL of the same origin',
      'https://host/notifications?unseen=1#list',
      '/notifications?unseen=1#list',
    ],
    ['a relative path', 'notifications', '/notifications'],
    ['a path whose slashes are percent-encoded', '/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('same-origin %s — is followed as path+search+hash (spec §5 continue_url)', (_, value, expected) => {
    // Arrange
    const origin = PAGE_ORIGIN;

    // Act
    const target = safeContinueUrl(value, origin);

    // Assert
    expect(target).toBe(expected);
  });

  it('same origin with an explicit port — is followed when the page has that port (spec §5 continue_url)', () => {
    // Arrange
    const origin = 'https://host:8443';

    // Act
    const target = safeContinueUrl('https://host:8443/notifications', origin);

    // Assert
    expect(target).toBe('/notifications');
  });

  it.each([
    ['a protocol-relative URL', '//evil.example'],
    ['a protocol-relative URL with a path', '//evil.example/account/login'],
    ['a slash and backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash and slash', '\\/evil.example'],
    ['credentials naming the page host before another host', 'https://host@evil.example'],
    ['credentials with a password before another host', 'https://host:443@evil.example/'],
    ['another host', 'https://evil.example/management/files'],
    ['a host that merely starts with the page host', 'https://host.evil.example/'],
    ['an http downgrade of the same host', 'http://host/management/files'],
    ['a scheme-relative http URL', 'http:host/management/files'],
    ['another port of the same host', 'https://host:8443/management/files'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a mixed-case javascript: URL', 'JaVaScRiPt:alert(1)'],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>'],
    ['leading spaces before //', '  //evil.example'],
    ['a tab inside //', '/\t/evil.example'],
    ['a newline inside //', '/\n/evil.example'],
    ['a carriage return before //', '\r//evil.example'],
    ['a NUL character', '/management\u0000/files'],
  ])('%s — is refused (spec §5: followed only if its host equals the current host)', (_, value) => {
    // Arrange
    const origin = PAGE_ORIGIN;

    // Act
    const target = safeContinueUrl(value, origin);

    // Assert
    expect(target).toBeUndefined();
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty string', ''],
  ])('%s value — is ignored (spec §5 continue_url)', (_, value) => {
    // Arrange
    const origin = PAGE_ORIGIN;

    // Act
    const target = safeContinueUrl(value, origin);

    // Assert
    expect(target).toBeUndefined();
  });
});

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

  it('its continue_url — is accepted back by safeContinueUrl as the same place (spec §5 continue_url)', () => {
    // Arrange
    const current = here('/notifications', '?unseen=1');
    const value = continueUrlOf(loginLocation(current));

    // Act
    const target = safeContinueUrl(value, PAGE_ORIGIN);

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
