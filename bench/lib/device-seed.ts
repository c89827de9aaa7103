/**
 * The SQL that seeds part 9's world straight into the store (PostgreSQL or PGlite): a company
 * tree under the demo root and a realistic fleet spread over it. One statement per table with
 * generate_series, so a million devices take seconds instead of a million API calls. Runs on a
 * store the API has migrated and seeded with the demo world (built-in roles, the super admin).
 */

export interface DeviceWorld {
  companies: number;
  devices: number;
}

/** Every company gets this many children, level by level, until the count is reached. */
const FAN_OUT = 10;
/** The mid-tree admin part 9 signs in as: admin of the first company at depth 2. */
export const MID_TREE_ADMIN = 'bench.reseller@fleetport.example';
/** The demo admin whose password (hash) the mid-tree admin shares. */
const PASSWORD_DONOR = 'admin@acme.example';

/**
 * Level sizes below the root: 10, 100, 1,000 … with the last level holding the rest, so
 * 10,000 companies are 10 + 100 + 1,000 + 8,890 and 1,000 are 10 + 100 + 890.
 */
export function levelSizes(companies: number): number[] {
  const sizes: number[] = [];
  let remaining = companies;
  for (let size = FAN_OUT; remaining > 0; size *= FAN_OUT) {
    const take = Math.min(size, remaining);
    sizes.push(take);
    remaining -= take;
  }
  return sizes;
}

const LEVEL_NAMES = ['Region', 'Reseller', 'Partner', 'Customer', 'Site group'];
const WORDS = [
  'Alpine',
  'Baltic',
  'Coastal',
  'Delta',
  'Harbour',
  'Nordic',
  'Metro',
  'Summit',
  'Valley',
  'Meridian',
  'Granite',
  'Aurora',
];
const TRADES = ['Logistics', 'Retail', 'Energy', 'Transport', 'Water', 'Security', 'Farming', 'Telecom'];

/** The 17 models of device-sim's catalogue; routers come up more often, as in a real fleet. */
const MODELS: readonly (readonly [
  model: string,
  firmwarePrefix: string,
  kind: 'cellular' | 'ap' | 'switch',
])[] = [
  ['RUT200', 'RUT2M_R_', 'cellular'],
  ['RUT241', 'RUT2M_R_', 'cellular'],
  ['RUT956', 'RUT9M_R_', 'cellular'],
  ['RUTX11', 'RUTX_R_', 'cellular'],
  ['RUTX12', 'RUTX_R_', 'cellular'],
  ['RUTX50', 'RUTX_R_', 'cellular'],
  ['RUT241', 'RUT2M_R_', 'cellular'],
  ['RUT956', 'RUT9M_R_', 'cellular'],
  ['TRB140', 'TRB1_R_', 'cellular'],
  ['TRB141', 'TRB1_R_', 'cellular'],
  ['TRB245', 'TRB2M_R_', 'cellular'],
  ['TCR100', 'TCR1_R_', 'cellular'],
  ['TAP100', 'TAP100_R_', 'ap'],
  ['TAP200', 'TAP200_R_', 'ap'],
  ['TSW101', 'TSW1_R_', 'switch'],
  ['TSW202', 'TSW2_R_', 'switch'],
  ['TSW212', 'TSW2_R_', 'switch'],
  ['OTD140', 'OTD1_R_', 'cellular'],
  ['OTD500', 'OTD5_R_', 'cellular'],
];
/** About 5% on 06.x, as in device-sim. */
const FIRMWARE = ['00.07.06.1', '00.07.07.3', '00.07.08', '00.07.09.2', '00.07.06.1', '00.07.08'];
const OLD_FIRMWARE = '00.06.09.5';
const OPERATORS = ['Telia', 'Vodafone', 'Orange', 'Telekom', 'Tele2', 'Movistar', 'TIM', 'Bite', 'O2'];
/** Mostly LTE, some 5G-NSA, WCDMA and GSM, and now and then no service (spec §9). */
const CONNECTION_TYPES = [
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  'LTE',
  '5G-NSA',
  '5G-NSA',
  'WCDMA',
  'WCDMA',
  'GSM',
  '',
];
const SITES = ['Depot', 'Warehouse', 'Store', 'Kiosk', 'Substation', 'Pump station', 'Bus', 'Office'];
const CITIES = ['Vilnius', 'Riga', 'Tallinn', 'Berlin', 'Lyon', 'Porto', 'Turin', 'Krakow', 'Malmo', 'Ghent'];
const TAGS = ['Rooftop', 'Warehouse', 'Vehicle', 'Backup link', 'Pilot', 'Kiosk'];

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const array = (items: readonly string[]) => `ARRAY[${items.map(quote).join(', ')}]`;
/** `arr[1 + (expr % len)]`: a deterministic pick from a list. */
const pick = (items: readonly string[], expr: string) =>
  `(${array(items)})[1 + ((${expr}) % ${items.length})]`;

/**
 * The seed, as one script. Ids are given explicitly (after whatever the demo world holds) and
 * the sequences are moved past them, so the API's own inserts keep working afterwards. Devices
 * are spread over all companies by a multiplicative step, so a company's devices are scattered
 * over the id range as they would be after years of additions, not stored in one block.
 */
export function deviceSeedSql(world: DeviceWorld): string {
  const sizes = levelSizes(world.companies);
  const statements: string[] = [
    'CREATE TEMPORARY TABLE bench_base AS SELECT (SELECT max(id) FROM companies) AS company, (SELECT coalesce(max(id), 0) FROM device_identities) AS identity, (SELECT coalesce(max(id), 0) FROM devices) AS device, (SELECT coalesce(max(id), 0) FROM tags) AS tag',
  ];
  let offset = 0;
  sizes.forEach((size, index) => {
    const depth = index + 1;
    const parentOffset = offset - (sizes[index - 1] ?? 0);
    const parent =
      depth === 1
        ? '(SELECT id FROM companies WHERE parent_id IS NULL ORDER BY id LIMIT 1)'
        : `b.company + ${parentOffset + 1} + (j % ${sizes[index - 1]})`;
    const name = `${pick(WORDS, `j * 7 + ${depth}`)} || ' ' || ${pick(TRADES, 'j * 3')} || ' ${LEVEL_NAMES[index] ?? 'Company'} ' || (j + 1)`;
    statements.push(
      `INSERT INTO companies (id, name, parent_id, path, depth, created_at)
       SELECT b.company + ${offset + 1} + j, ${name}, p.id, p.path || (b.company + ${offset + 1} + j) || '/', ${depth},
              now() - ((j * 7) % 1000) * interval '1 day'
       FROM bench_base b CROSS JOIN generate_series(0, ${size - 1}) AS j
       JOIN companies p ON p.id = ${parent}`,
    );
    offset += size;
  });
  statements.push(
    "SELECT setval('companies_id_seq', (SELECT max(id) FROM companies))",
    // Two tags per company.
    `INSERT INTO tags (id, company_id, name, color)
     SELECT b.tag + (c - 1) * 2 + t, b.company + c, ${pick(TAGS, 'c + t * 3')}, ${pick(['#1a73e8', '#e8710a', '#188038', '#a142f4'], 'c + t')}
     FROM bench_base b, generate_series(1, ${world.companies}) AS c, generate_series(1, 2) AS t`,
    "SELECT setval('tags_id_seq', (SELECT max(id) FROM tags))",
    `INSERT INTO device_identities (id, serial, mac, secret_sha256, last_seen_at, created_at)
     SELECT b.identity + n, '2' || lpad(n::text, 9, '0'),
            '02:1E:' || substr(h, 1, 2) || ':' || substr(h, 3, 2) || ':' || substr(h, 5, 2) || ':' || substr(h, 7, 2),
            md5(n::text) || md5('bench' || n), now() - (n % 3600) * interval '1 second',
            now() - ((n * 17) % 730) * interval '1 day'
     FROM bench_base b, generate_series(1, ${world.devices}) AS n, LATERAL (SELECT upper(lpad(to_hex(n), 8, '0')) AS h) AS hex`,
    "SELECT setval('device_identities_id_seq', (SELECT max(id) FROM device_identities))",
    // The devices go in as one statement with their company's path; their companies' counts are
    // then set once, rather than by a trigger a million times (migration 0012).
    'ALTER TABLE devices DISABLE TRIGGER USER',
    devicesInsert(world),
    'ALTER TABLE devices ENABLE TRIGGER USER',
    `UPDATE companies c SET device_count = n.count
     FROM (SELECT company_id, count(*) AS count FROM devices GROUP BY company_id) n WHERE n.company_id = c.id`,
    "SELECT setval('devices_id_seq', (SELECT max(id) FROM devices))",
    // A fifth of the devices carry their company's first tag, one in 25 the second one too.
    `INSERT INTO device_tags (device_id, tag_id)
     SELECT d.id, b.tag + (d.company_id - b.company - 1) * 2 + t
     FROM bench_base b JOIN devices d ON d.id > b.device CROSS JOIN generate_series(1, 2) AS t
     WHERE (t = 1 AND d.id % 5 = 0) OR (t = 2 AND d.id % 25 = 0)`,
    // The mid-tree admin: admin (built-in role 2) of the first company at depth 2, with the demo password.
    `INSERT INTO users (email, username, password_hash, company_id, role_id, email_verified_at, country_iso_code)
     SELECT ${quote(MID_TREE_ADMIN)}, 'Rita Reseller', u.password_hash, b.company + ${(sizes[0] ?? 0) + 1}, 2, now(), 'LT'
     FROM bench_base b, users u WHERE u.email = ${quote(PASSWORD_DONOR)}`,
    'DROP TABLE bench_base',
  );
  return `${statements.join(';\n')};\n`;
}

/**
 * A million devices in one statement. Statuses follow spec §4 through the columns the API
 * derives them from: 5% pending (never seen), 20% offline, 5% not activated (credit expired),
 * 70% online; 1% have monitoring off. Non-pending devices carry a hello's model, firmware and
 * capabilities and the latest dynamic and static readings the list shows (connection type,
 * operator, signal), in the shape the gateway stores them.
 */
function devicesInsert(world: DeviceWorld): string {
  const models = MODELS.map(([model]) => model);
  const prefixes = MODELS.map(([, prefix]) => prefix);
  const kinds = MODELS.map(([, , kind]) => kind);
  const slot = (expr: string) => `(${expr}) % 100`;
  return `INSERT INTO devices (id, company_id, company_path, identity_id, serial, mac, name, description, model, firmware,
       capabilities, connected, first_seen_at, last_seen_at, monitoring, credit_until, state, created_at)
     SELECT b.device + n, c.id, c.path, b.identity + n,
            i.serial, i.mac,
            ${pick(CITIES, 'n * 13')} || ' ' || ${pick(SITES, 'n * 7')} || ' ' || (1 + n % 40),
            CASE WHEN n % 9 = 0 THEN 'Installed by field team ' || (n % 30 + 1) END,
            CASE WHEN pending THEN NULL ELSE m.model END,
            CASE WHEN pending THEN NULL ELSE m.prefix || CASE WHEN n % 20 = 7 THEN ${quote(OLD_FIRMWARE)} ELSE ${pick(FIRMWARE, 'n * 11')} END END,
            CASE WHEN pending THEN NULL ELSE jsonb_build_object(
              'series', left(m.model, 3), 'firmware_version', m.prefix || '00.07.08', 'wifi', m.kind <> 'switch',
              'gps', m.model IN ('RUT956', 'RUTX11', 'TRB245'), 'hotspot', m.kind <> 'switch', 'io', m.kind = 'cellular',
              'ddns', m.kind = 'cellular', 'l2tp', m.kind = 'cellular', 'mobile', m.kind = 'cellular',
              'sim_count', CASE WHEN m.kind = 'cellular' THEN 1 + n % 2 ELSE 0 END, 'port_count', 1 + n % 5,
              'lan', true, 'second_modem', false, 'webfilter', m.kind = 'cellular', 'vpn', m.kind = 'cellular',
              'data_usage', m.kind = 'cellular', 'metrics', true) END,
            ${slot('n')} >= 25, -- not pending or offline: connected
            CASE WHEN pending THEN NULL ELSE i.created_at + interval '1 hour' END,
            CASE WHEN pending THEN NULL
                 WHEN ${slot('n')} < 25 THEN greatest(i.created_at + interval '1 hour', now() - ((n * 131) % 2592000) * interval '1 second')
                 ELSE now() - (n % 300) * interval '1 second' END,
            n % 97 <> 0,
            CASE WHEN pending THEN NULL
                 WHEN ${slot('n')} BETWEEN 25 AND 29 THEN now() - (1 + n % 20) * interval '1 day'
                 ELSE now() + (1 + n % 30) * interval '1 day' END,
            CASE WHEN pending THEN '{}'::jsonb ELSE jsonb_build_object(
              'dynamic', jsonb_build_object('at', now() - (n % 300) * interval '1 second', 'data', jsonb_build_object(
                'signal', CASE WHEN m.kind = 'cellular' THEN -45 - (n * 7) % 70 END,
                'rsrp', CASE WHEN m.kind = 'cellular' THEN -75 - (n * 3) % 50 END,
                'rsrq', CASE WHEN m.kind = 'cellular' THEN -3 - (n * 5) % 15 END,
                'sinr', CASE WHEN m.kind = 'cellular' THEN (n * 11) % 30 END,
                'operator', CASE WHEN m.kind = 'cellular' THEN ${pick(OPERATORS, 'n * 5')} END,
                'connection_type', CASE WHEN m.kind = 'cellular' THEN ${pick(CONNECTION_TYPES, 'n * 3')} END,
                'temperature', 300 + (n * 7) % 250, 'uptime_s', (n * 37) % 2592000,
                'sim_slot', CASE WHEN m.kind = 'cellular' THEN 1 END,
                'wan_ip', '10.' || (n >> 16) % 256 || '.' || (n >> 8) % 256 || '.' || n % 256,
                'mobile', CASE WHEN m.kind = 'cellular' THEN jsonb_build_array(jsonb_build_object(
                  'sim', 1, 'rx_bytes', (n::bigint * 104729) % 9000000000, 'tx_bytes', (n::bigint * 7919) % 900000000))
                  ELSE '[]'::jsonb END)),
              'static', jsonb_build_object('at', i.created_at + interval '1 hour', 'data', jsonb_build_object(
                'hostname', lower(m.model) || '-' || n, 'imei', CASE WHEN m.kind = 'cellular' THEN '8634' || lpad(n::text, 11, '0') END,
                'iccid', CASE WHEN m.kind = 'cellular' THEN '89370' || lpad(n::text, 14, '0') END,
                'imsi', CASE WHEN m.kind = 'cellular' THEN '24601' || lpad(n::text, 10, '0') END,
                'lan_ip', '192.168.1.1', 'modem', CASE WHEN m.kind = 'cellular' THEN 'Quectel EG06-E' END))) END,
            i.created_at
     FROM bench_base b CROSS JOIN generate_series(1, ${world.devices}) AS n
     JOIN device_identities i ON i.id = b.identity + n
     JOIN companies c ON c.id = b.company + 1 + ((n::bigint * 7919) % ${world.companies})
     CROSS JOIN LATERAL (SELECT ${slot('n')} < 5 AS pending) AS s
     CROSS JOIN LATERAL (SELECT ${pick(models, 'n * 7')} AS model, ${pick(prefixes, 'n * 7')} AS prefix,
                                ${pick(kinds, 'n * 7')} AS kind) AS m`;
}
