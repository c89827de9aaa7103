import { noFileCreditsMessage } from '@fleetport/contracts/files';
import type { Db } from '../../db/client.ts';
import type { files } from '../../db/schema.ts';
import type { ApiDeps } from '../../deps.ts';
import { ApiError, fieldError } from '../../http/errors.ts';
import { type BalanceChange, changeBalance } from '../credits/balances.ts';
import { warnLow } from '../credits/queries.ts';
import { insertFile } from './queries.ts';
import type { FileStore } from './store.ts';

/** What a stored file costs: one credit of a type (spec §9 resource types), of a company. */
export interface FileCredit {
  companyId: number;
  type: { id: number; name: string };
  /**
   * The refusal when the company has none left; by default a 422 on the form's `file` field
   * (POST /files). A device's backup upload says it otherwise (409).
   */
  refusal?: (message: string) => ApiError;
}

/**
 * Stores an upload: the credit it costs (spec §9 resource types, one of the company's), the row
 * and the bytes, all or nothing. A refused credit leaves no row and no bytes (the temporary file
 * goes with the request); bytes moved in before a failed commit are removed again. The uploads
 * of POST /files and the devices' backups (tasks/device-uploads.ts) both store through here.
 */
export async function storeUpload(
  deps: ApiDeps,
  store: FileStore,
  upload: { path: string },
  values: typeof files.$inferInsert,
  credit: FileCredit | undefined,
): Promise<number> {
  let change: BalanceChange | undefined;
  let kept: number | undefined;
  try {
    const id = await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      if (credit) {
        change = await changeBalance(tx, {
          companyId: credit.companyId,
          creditTypeId: credit.type.id,
          delta: -1,
          reason: 'file_upload',
          actorUserId: values.uploadedBy ?? null,
        }).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 422) {
            const message = noFileCreditsMessage(credit.type.name);
            throw credit.refusal ? credit.refusal(message) : fieldError('file', message);
          }
          throw error;
        });
      }
      const row = await insertFile(tx, values);
      await store.keep(upload.path, row.id);
      kept = row.id;
      return row.id;
    });
    if (change) await warnLow(deps, [change]);
    return id;
  } catch (error) {
    if (kept !== undefined) await store.remove(kept);
    throw error;
  }
}
