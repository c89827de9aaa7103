/**
 * GET /users/invite/roles, the roles a caller may give in a company: the invite dialog's role
 * pickers hold it under this key (option-source.ts keys), so a role write reloads them.
 */
export const ROLE_OPTIONS_KEY = ['form-options', '/users/invite/roles'] as const;
