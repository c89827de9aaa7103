/** The console's login page (the API's logout answers it too). */
export const LOGIN_PAGE = '/account/login';

/** The login page, remembering where the user was (unless that is an account page itself). */
export function loginLocation(
  current: Pick<Location, 'pathname' | 'search' | 'hash'>,
  target = LOGIN_PAGE,
): string {
  if (
    !target.startsWith(LOGIN_PAGE) ||
    current.pathname.startsWith('/account/') ||
    current.pathname === '/logout'
  ) {
    return target;
  }
  const here = `${current.pathname}${current.search}${current.hash}`;
  if (here === '/' || here === '') return target;
  const separator = target.includes('?') ? '&' : '?';
  return `${target}${separator}continue_url=${encodeURIComponent(here)}`;
}
