import { brandConfigSchema } from '@fleetport/contracts/brand';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/forms/field-schema.ts';
import { SchemaForm } from '../../shared/forms/SchemaForm.tsx';
import { confirmAction } from '../../shared/modals/confirm-action.ts';
import { useModalControls } from '../../shared/modals/controls.ts';
import { registerModal } from '../../shared/modals/registry.ts';
import { openModal } from '../../shared/modals/store.ts';
import { deleteBrand } from './api/delete-brand.ts';
import { EDGE } from './api/edge.ts';
import { BRANDS_KEY, type BrandSummary } from './api/list-brands.ts';
import { lookFields, platformFields } from './brand-form.ts';

const NEW_BRAND = 'new-brand';
/** A new brand's images are the default brand's until its own are uploaded (the edge's store). */
const newBrandContract = brandConfigSchema.partial({ logo: true, favicon: true });

function NewBrandBody({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const { close } = useModalControls();
  const fields = useMemo<FieldSchema[]>(() => {
    const look = lookFields(t).filter((field) =>
      ['app_name', 'full_app_name', 'company_name', 'brand_color', 'dark_mode_text_color'].includes(
        field.key,
      ),
    );
    const platform = platformFields(t, true).filter((field) => field.key !== 'default');
    return [platform[0] as FieldSchema, ...look, ...platform.slice(1)];
  }, [t]);
  return (
    <SchemaForm
      fields={fields}
      contract={newBrandContract}
      submitLabel={t('admin.brands.new')}
      onCancel={close}
      submit={{
        url: '/brands',
        ...EDGE,
        item: t('admin.brands.item'),
        schema: {
          id: NEW_BRAND,
          defaults: { brand_color: '#1f5fbf', dark_mode_text_color: '#ffffff', hostnames: [] },
          tableRef: BRANDS_KEY,
        },
        onSuccess: (_response, values) => onCreated(String(values.id)),
        onClose: close,
      }}
    />
  );
}

registerModal(NEW_BRAND, NewBrandBody);

/** 'New brand' (super admins): its id, look and host names; its page opens once it is made. */
export function openNewBrand(onCreated: (id: string) => void): void {
  openModal({
    id: NEW_BRAND,
    title: i18next.t('admin.brands.new'),
    component: NEW_BRAND,
    props: { onCreated },
  });
}

/** Delete a brand (never the default one: the edge refuses, and the button is not offered). */
export function confirmDeleteBrand(brand: BrandSummary, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-brand',
    title: i18next.t('admin.brands.delete'),
    subtitle: brand.app_name,
    prompt: i18next.t('admin.brands.deletePrompt', { name: brand.app_name }),
    confirmLabel: i18next.t('admin.brands.delete'),
    action: () => deleteBrand(brand.id),
    doneMessage: i18next.t('admin.brands.deleted'),
    queryClient,
    reload: [BRANDS_KEY],
  });
}
