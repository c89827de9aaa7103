import type { BackupRule } from '@fleetport/contracts/backup-rules';
import type { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { confirmAction } from '../../../shared/modals/confirm-action.ts';
import { registerModal } from '../../../shared/modals/registry.ts';
import { openModal } from '../../../shared/modals/store.ts';
import { deleteBackupRule } from './api/delete-backup-rule.ts';
import { BACKUP_RULES_KEY } from './api/list-backup-rules.ts';
import { RuleEditor } from './RuleEditor.tsx';

const RULE_EDITOR = 'backup-rule-editor';

registerModal(RULE_EDITOR, RuleEditor);

/** New backup rule, or Edit backup rule. */
export function openRuleEditor(rule?: BackupRule): void {
  openModal({
    id: RULE_EDITOR,
    title: i18next.t(rule ? 'files.backupRules.edit' : 'files.backupRules.new'),
    ...(rule ? { subtitle: rule.name } : {}),
    component: RULE_EDITOR,
    props: rule ? { rule } : {},
  });
}

/** Delete backup rule, after a question; its backups stay. */
export function confirmDeleteRule(rule: BackupRule, queryClient: QueryClient): Promise<boolean> {
  return confirmAction({
    id: 'delete-backup-rule',
    title: i18next.t('files.backupRules.delete'),
    subtitle: rule.name,
    prompt: i18next.t('files.backupRules.deletePrompt', { name: rule.name }),
    confirmLabel: i18next.t('files.backupRules.delete'),
    action: () => deleteBackupRule(rule.id),
    doneMessage: i18next.t('files.backupRules.deleted', { name: rule.name }),
    queryClient,
    reload: [BACKUP_RULES_KEY],
  });
}
