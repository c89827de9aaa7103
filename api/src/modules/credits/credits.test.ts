import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiFixture, companyIdByName, startTestApi, type TestClient } from '../../testing/fixtures.ts';
import { normaliseCode } from './code-queries.ts';

let fx: ApiFixture;
let superAdmin: TestClient;
beforeAll(async () => {
  fx = await startTestApi();
  superAdmin = await fx.login('super@fleetport.example');
});
afterAll(async () => {
  await fx?.stop();
});

const companyId = (name: string) => companyIdByName(fx, name);

/** A company's balance of a type, as the super admin reads it. */
async function balance(company: number, typeId: number): Promise<number> {
  const rows = (await superAdmin.get(`/api/credits?company_id=${company}&limit=100`)).body.data as {
    credit_type_id: number;
    amount: number;
  }[];
  return rows.find((row) => row.credit_type_id === typeId)?.amount ?? 0;
}

async function pool(company: number, typeId: number, count: number): Promise<void> {
  const paid = typeId % 2 === 0 ? { credit_price: 1.5, pro_form_nr: `PF-${Date.now()}` } : {};
  const answer = await superAdmin.post('/api/credits', {
    credit_type_id: typeId,
    company_id: company,
    credit_count: count,
    ...paid,
  });
  expect(answer.status).toBe(201);
}

describe('credit types and pools (spec §3, §5 New pool, §6)', () => {
  it('the catalogue has ids 1–10 and the resource types 100, 101; non-super-admins see the paid ones without the word Paid, and the resource ones', async () => {
    const all = (await superAdmin.get('/api/credits/types')).body.data as { id: number; name: string }[];
    expect(all.map((type) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 100, 101]);
    const admin = await fx.login('admin@acme.example');
    const paid = (await admin.get('/api/credits/types')).body.data as { id: number; name: string }[];
    expect(paid.map((type) => type.id)).toEqual([2, 4, 6, 8, 10, 100, 101]);
    expect(paid.some((type) => /paid/i.test(type.name))).toBe(false);
    expect(paid[0]?.name).toBe('Device Management');
  });

  it('a pool needs count ≥ 1; price ≥ 0 (step 0.01) and a pro-forma number only for paid types; super admins only', async () => {
    const acme = await companyId('Acme Networks');
    const noPrice = await superAdmin.post('/api/credits', {
      credit_type_id: 2,
      company_id: acme,
      credit_count: 5,
    });
    expect(noPrice.status).toBe(422);
    expect((noPrice.body.errors as { source: string }[]).map((error) => error.source).sort()).toEqual([
      'credit_price',
      'pro_form_nr',
    ]);
    const step = await superAdmin.post('/api/credits', {
      credit_type_id: 2,
      company_id: acme,
      credit_count: 5,
      credit_price: 1.005,
      pro_form_nr: 'PF-1',
    });
    expect(step.body.errors[0].source).toBe('credit_price');
    const zero = await superAdmin.post('/api/credits', {
      credit_type_id: 1,
      company_id: acme,
      credit_count: 0,
    });
    expect(zero.body.errors[0].source).toBe('credit_count');
    const free = await superAdmin.post('/api/credits', {
      credit_type_id: 1,
      company_id: acme,
      credit_count: 3,
    });
    expect(free.status).toBe(201);
    const admin = await fx.login('admin@acme.example');
    expect(
      (await admin.post('/api/credits', { credit_type_id: 1, company_id: acme, credit_count: 3 })).status,
    ).toBe(403);
  });
});

describe('moving resources, codes and data (spec §5, §7)', () => {
  it('moves within the visible tree, never more than available; the history records both sides', async () => {
    const acme = await companyId('Acme Networks');
    const west = await companyId('Acme West');
    await pool(acme, 4, 30);
    const admin = await fx.login('admin@acme.example');
    const before = await balance(acme, 4);
    const tooMuch = await admin.post('/api/credits/move', {
      credit_type_name: 'Remote Access',
      source: acme,
      target: west,
      amount: before + 1,
    });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors[0].source).toBe('amount');
    const moved = await admin.post('/api/credits/move', {
      credit_type_name: 'Remote Access',
      source: acme,
      target: west,
      amount: 7,
    });
    expect(moved.status).toBe(200);
    expect(await balance(acme, 4)).toBe(before - 7);
    const northwind = await companyId('Northwind Logistics');
    expect(
      (
        await admin.post('/api/credits/move', {
          credit_type_name: 'Remote Access',
          source: acme,
          target: northwind,
          amount: 1,
        })
      ).status,
    ).toBe(403);
    const history = (await admin.get(`/api/credits/history?company_id=${west}`)).body.data as {
      reason: string;
      change: number;
    }[];
    expect(history[0]).toMatchObject({ reason: 'move_in', change: 7 });
  });

  it('a code takes credits from its company; activation gives them once; Used / Not Used', async () => {
    const acme = await companyId('Acme Networks');
    await pool(acme, 6, 20);
    const admin = await fx.login('admin@acme.example');
    const before = await balance(acme, 6);
    const tooLong = await admin.post('/api/credits/codes', { credit_type_name: 'VPN', amount: 1e12 });
    expect(tooLong.body.errors[0].source).toBe('amount');
    const comment = await admin.post('/api/credits/codes', {
      credit_type_name: 'VPN',
      amount: 1,
      comment: 'x'.repeat(201),
    });
    expect(comment.body.errors[0].source).toBe('comment');
    // Spec §5: 'From company' is for super admins only; they must give it.
    const superNoCompany = await superAdmin.post('/api/credits/codes', {
      credit_type_name: 'Paid VPN',
      amount: 1,
    });
    expect(superNoCompany.body.errors[0].source).toBe('company_id');
    const created = await admin.post('/api/credits/codes', {
      credit_type_name: 'VPN',
      amount: 5,
      comment: 'For East',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      amount: 5,
      status: 'not_used',
      from_company_name: 'Acme Networks',
    });
    const code = created.body.data.code as string;
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
    expect(await balance(acme, 6)).toBe(before - 5);

    const east = await fx.login('east.admin@acme.example');
    const eastId = await companyId('Acme East');
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const activated = await east.post('/api/credits/codes/activate', { code: typed });
    expect(activated.status).toBe(200);
    expect(activated.body.data).toMatchObject({ amount: 5, credit_type_name: 'VPN' });
    expect(await balance(eastId, 6)).toBe(5);
    const twice = await east.post('/api/credits/codes/activate', { code });
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].source).toBe('code');
    const listed = (await admin.get('/api/credits/codes?status=used')).body.data as {
      code: string;
      used_by_company_name: string;
    }[];
    expect(listed.find((row) => row.code === code)?.used_by_company_name).toBe('Acme East');
    expect(normaliseCode(' abcd efgh-ijkm ')).toBe('ABCD-EFGH-IJKM');
  });

  it('data: N credits give 2N GB, free data credits first; refused beyond the data credits held', async () => {
    const west = await companyId('Acme West');
    await pool(west, 7, 2);
    await pool(west, 8, 10);
    const admin = await fx.login('admin@acme.example');
    const bought = await admin.post('/api/companies/data', { company_id: west, credits: 5 });
    expect(bought.status).toBe(200);
    expect(bought.body.data).toMatchObject({ credits: 5, gb: 10 });
    expect(await balance(west, 7)).toBe(0);
    expect(await balance(west, 8)).toBe(7);
    const tooMany = await admin.post('/api/companies/data', { company_id: west, credits: 8 });
    expect(tooMany.body.errors[0].source).toBe('credits');
    const listed = (await admin.get(`/api/companies?id=${west}&fields=credits_left,remaining_data`)).body
      .data[0];
    expect(listed.remaining_data).toBe(bought.body.data.remaining_gb);
    const digits = await admin.post('/api/companies/data', { company_id: west, credits: 100000000000000 });
    expect(digits.body.errors[0].source).toBe('credits');
  });

  it('creditAmountTooLow reaches the credit managers of a company whose balance falls below the threshold', async () => {
    const east = await companyId('Acme East');
    await pool(east, 10, 12);
    const eastAdmin = await fx.login('east.admin@acme.example');
    const moved = await eastAdmin.post('/api/credits/move', {
      credit_type_name: 'Hotspot',
      source: east,
      target: await companyId('Acme East Retail'),
      amount: 5,
    });
    expect(moved.status).toBe(200);
    const bell = (await eastAdmin.get('/api/notifications')).body.data as { type: string; summary: string }[];
    expect(bell.find((item) => item.type === 'creditAmountTooLow')?.summary).toMatch(
      /Only \d+ Hotspot credit/,
    );
  });
});

describe('balances under concurrency (every balance change is one transaction)', () => {
  it('parallel moves, code activations and data purchases against one balance conserve the totals and never go negative', async () => {
    const acme = await companyId('Acme Networks');
    const west = await companyId('Acme West');
    await pool(acme, 8, 40);
    const admin = await fx.login('admin@acme.example');
    const start = await balance(acme, 8);
    // Codes made first (each takes 1 from acme), then everything races: 12 moves of 3, 8 code
    // activations and 10 data purchases of 2 — more than the balance can pay for — and moves
    // the other way (west → acme), which must neither deadlock nor lose a credit.
    await pool(west, 8, 6);
    const westStart = await balance(west, 8);
    const codes: string[] = [];
    for (let index = 0; index < 8; index += 1) {
      codes.push(
        (await admin.post('/api/credits/codes', { credit_type_name: 'Data', amount: 1 })).body.data.code,
      );
    }
    const eastAdmin = await fx.login('east.admin@acme.example');
    const calls = [
      ...Array.from({ length: 12 }, () =>
        admin.post('/api/credits/move', { credit_type_name: 'Data', source: acme, target: west, amount: 3 }),
      ),
      ...codes.map((code) => eastAdmin.post('/api/credits/codes/activate', { code })),
      ...codes.map((code) => admin.post('/api/credits/codes/activate', { code })),
      ...Array.from({ length: 10 }, () =>
        admin.post('/api/companies/data', { company_id: acme, credits: 2 }),
      ),
    ];
    const answers = await Promise.all(calls);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 422)).toBe(true);
    const moves = answers.slice(0, 12).filter((answer) => answer.status === 200).length;
    const activations = answers.slice(12, 28).filter((answer) => answer.status === 200).length;
    const purchases = answers.slice(28, 38).filter((answer) => answer.status === 200).length;
    const backMoves = answers.slice(38).filter((answer) => answer.status === 200).length;
    // Each code is activated exactly once, whoever won.
    expect(activations).toBe(8);
    const acmeNow = await balance(acme, 8);
    expect(acmeNow).toBeGreaterThanOrEqual(0);
    const activatedIntoAcme = answers.slice(20, 28).filter((answer) => answer.status === 200).length;
    expect(acmeNow).toBe(start - 8 - moves * 3 - purchases * 2 + activatedIntoAcme + backMoves);
    const westNow = await balance(west, 8);
    expect(westNow).toBeGreaterThanOrEqual(0);
    expect(westNow).toBe(westStart + moves * 3 - backMoves);
    // The history agrees with the balance.
    const history = (await superAdmin.get(`/api/credits/history?company_id=${acme}&limit=1`)).body.data[0];
    expect(history.balance_after).toBe(acmeNow);
    expect(moves * 3 + purchases * 2).toBeLessThanOrEqual(start - 8 + activatedIntoAcme + backMoves);
    expect(moves + purchases).toBeGreaterThan(0);
  });
});
