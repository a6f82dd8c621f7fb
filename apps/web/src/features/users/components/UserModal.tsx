import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Role, type UserAccount, userAccountForm } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { applyFieldErrors } from '../../../lib/formErrors';
import { useSchemaForm } from '../../../lib/schemaForm';
import { errorMessage, serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { useSaveUser } from '../hooks';
import {
  type Caller,
  emptyUserForm,
  fullName,
  userFormFields,
  userFormOf,
  userRequestOf,
  withUserFormFields,
} from '../userForm';
import { AccessFields } from './AccessFields';
import { ContactFields } from './ContactFields';

type Mode = { kind: 'add' } | { kind: 'edit' | 'view'; account: UserAccount };

/**
 * Add User / Edit User - {name} (static backdrop). 'View User' shows the same fields
 * read-only. Rules come from the contract's schema; the server checks them again with
 * who may give which role, business and properties.
 */
export function UserModal({ mode, caller, onClose }: { mode: Mode | null; caller: Caller; onClose: () => void }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 36em)');
  const title =
    mode === null
      ? ''
      : mode.kind === 'add'
        ? t('users.addTitle')
        : t(mode.kind === 'edit' ? 'users.editTitle' : 'users.viewTitle', { name: fullName(mode.account) });
  return (
    <Modal
      opened={mode !== null}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={narrow}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mode && (
        <UserForm
          key={mode.kind === 'add' ? 'add' : mode.account.userAccountID}
          account={mode.kind === 'add' ? null : mode.account}
          readOnly={mode.kind === 'view'}
          caller={caller}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

/** The account's fields; saving creates or updates it, the server's field errors on their fields. */
function UserForm({
  account,
  readOnly,
  caller,
  onClose,
}: {
  account: UserAccount | null;
  readOnly: boolean;
  caller: Caller;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isAdmin = caller.roleID === Role.Administrator;
  const schema = useMemo(() => userAccountForm({ businessRequired: isAdmin }), [isAdmin]);
  const save = useSaveUser();
  const form = useSchemaForm(schema, { defaultValues: account ? userFormOf(account) : emptyUserForm });

  const onSubmit = form.handleSubmit((values) => {
    const editing = account !== null;
    const request = account
      ? { update: userRequestOf(values, account, caller) }
      : { create: userRequestOf(values, null, caller) };
    save.mutate(request, {
      onSuccess: (answer) => {
        toast.success(serverText(t, answer.message, editing ? 'userUpdated' : 'userCreated'));
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(withUserFormFields(error), form.setError, userFormFields);
        if (error instanceof ApiError && error.isClientError) {
          toast.error(t('users.errorWithMessage', { message: errorMessage(t, error) }));
        } else {
          toast.error(t(editing ? 'msg.userUpdateFailed' : 'msg.userCreateFailed'));
        }
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <AccessFields form={form} account={account} caller={caller} readOnly={readOnly} />
        <ContactFields form={form} account={account} readOnly={readOnly} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('users.close')}
          </Button>
          {!readOnly && (
            <Button type="submit" loading={save.isPending}>
              {t('users.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
