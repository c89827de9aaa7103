import { api } from '../../../shared/lib/api.ts';

/**
 * DELETE /companies/{id}: the API asks for the password again (423) and refuses a company with
 * subsidiaries, users or files (409).
 */
export async function deleteCompany(id: number): Promise<void> {
  await api.http.delete(`/companies/${id}`);
}
