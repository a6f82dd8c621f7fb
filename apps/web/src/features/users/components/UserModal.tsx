import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  EXTENSION_MAX_DIGITS,
  Role,
  type UserAccount,
  maskPhone,
  rolesAssignableBy,
  userAccountForm,
} from '@portal/contract';
import { useMemo } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/apiError';
import { applyFieldErrors } from '../../../lib/formErrors';
import { errorMessage, fieldMessage, serverText } from '../../../i18n/messages';
import { toast } from '../../../ui/toast';
import { useBusinessOptions, usePropertyOptions, useSaveUser } from '../hooks';
import {
  type Caller,
  emptyUserForm,
  fullName,
  userFormFields,
  userFormOf,
  userRequestOf,
  withUserFormFields,
} from '../userForm';
import { useSchemaForm } from '../../../lib/schemaForm';

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
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useSchemaForm(schema, { defaultValues: account ? userFormOf(account) : emptyUserForm });
  const roleID = useWatch({ control, name: 'roleID' });
  const busEntityID = useWatch({ control, name: 'busEntityID' });
  const isSiteManager = roleID === Role.SiteManager;

  const businesses = useBusinessOptions(isAdmin && !readOnly);
  const propertySource = !isSiteManager
    ? null
    : isAdmin
      ? busEntityID
        ? { busEntityID }
        : null
      : { userAccountID: caller.userAccountID };
  const properties = usePropertyOptions(readOnly ? null : propertySource);

  const currentRole = account?.roles[0]?.roleID;
  const roleChoices = rolesAssignableBy(caller.roleID).concat(
    readOnly && currentRole !== undefined && currentRole !== Role.None ? [currentRole as 1 | 2 | 3] : [],
  );
  const roleData = [...new Set(roleChoices)].map((id) => ({ value: String(id), label: t(`roles.${id}`) }));

  const businessData = (businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.value }));
  if (account?.busEntityID && !businessData.some((b) => b.value === String(account.busEntityID))) {
    businessData.push({
      value: String(account.busEntityID),
      label: account.busEntityName ?? String(account.busEntityID),
    });
  }
  const propertyData = (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.value }));
  for (const site of account?.userAccountSites ?? []) {
    const sameBusiness = !isAdmin || busEntityID === account?.busEntityID;
    if (sameBusiness && !propertyData.some((p) => p.value === String(site.key))) {
      propertyData.push({ value: String(site.key), label: site.value });
    }
  }

  const onSubmit = handleSubmit((values) => {
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
        applyFieldErrors(withUserFormFields(error), setError, userFormFields);
        if (error instanceof ApiError && error.isClientError) {
          toast.error(t('users.errorWithMessage', { message: errorMessage(t, error) }));
        } else {
          toast.error(t(editing ? 'msg.userUpdateFailed' : 'msg.userCreateFailed'));
        }
      },
    });
  });

  const phone = (name: 'cellPhone' | 'businessPhone', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextInput
          label={label}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(999) 999-9999"
          readOnly={readOnly}
          ref={field.ref}
          name={field.name}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(maskPhone(event.currentTarget.value))}
          error={fieldMessage(t, errors[name]?.message)}
        />
      )}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Controller
          control={control}
          name="roleID"
          render={({ field }) => (
            <Select
              label={t('users.fields.role')}
              placeholder={t('users.fields.rolePlaceholder')}
              data={roleData}
              ref={field.ref}
              value={field.value ? String(field.value) : null}
              onChange={(value) => {
                const next = value ? Number(value) : null;
                field.onChange(next);
                if (next !== Role.SiteManager) setValue('siteIDs', []);
              }}
              onBlur={field.onBlur}
              readOnly={readOnly}
              withAsterisk={!readOnly}
              allowDeselect={false}
              error={fieldMessage(t, errors.roleID?.message)}
            />
          )}
        />
        {isAdmin && (
          <Controller
            control={control}
            name="busEntityID"
            render={({ field }) => (
              <Select
                label={t('users.fields.business')}
                placeholder={t('msg.selectBusinessPlaceholder')}
                data={businessData}
                searchable
                nothingFoundMessage={t('msg.noData')}
                ref={field.ref}
                value={field.value ? String(field.value) : null}
                onChange={(value) => {
                  const next = value ? Number(value) : null;
                  if (next !== field.value) setValue('siteIDs', []);
                  field.onChange(next);
                }}
                onBlur={field.onBlur}
                readOnly={readOnly}
                withAsterisk={!readOnly}
                allowDeselect={false}
                error={
                  fieldMessage(t, errors.busEntityID?.message) ??
                  (businesses.isError ? t('msg.businessesLoadFailed') : undefined)
                }
              />
            )}
          />
        )}
        {isSiteManager && (
          <Controller
            control={control}
            name="siteIDs"
            render={({ field }) => (
              <MultiSelect
                label={t('users.fields.properties')}
                placeholder={
                  isAdmin && !busEntityID && !readOnly
                    ? t('users.fields.chooseBusinessFirst')
                    : t('msg.selectPropertyPlaceholder')
                }
                data={propertyData}
                searchable
                hidePickedOptions
                nothingFoundMessage={t('msg.noData')}
                ref={field.ref}
                value={(field.value ?? []).map(String)}
                onChange={(values) => field.onChange(values.map(Number))}
                onBlur={field.onBlur}
                readOnly={readOnly}
                disabled={!readOnly && isAdmin && !busEntityID}
                withAsterisk={!readOnly}
                error={
                  fieldMessage(t, errors.siteIDs?.message ?? errors.siteIDs?.root?.message) ??
                  (properties.isError ? t('msg.propertiesLoadFailed') : undefined)
                }
              />
            )}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label={t('users.fields.firstName')}
            autoComplete="off"
            withAsterisk={!readOnly}
            readOnly={readOnly}
            {...register('firstName')}
            error={fieldMessage(t, errors.firstName?.message)}
          />
          <TextInput
            label={t('users.fields.middleName')}
            autoComplete="off"
            readOnly={readOnly}
            {...register('middleName')}
            error={fieldMessage(t, errors.middleName?.message)}
          />
          <TextInput
            label={t('users.fields.lastName')}
            autoComplete="off"
            withAsterisk={!readOnly}
            readOnly={readOnly}
            {...register('lastName')}
            error={fieldMessage(t, errors.lastName?.message)}
          />
        </SimpleGrid>
        <TextInput
          label={t('users.fields.email')}
          type="email"
          autoComplete="off"
          withAsterisk={account === null}
          readOnly={account !== null}
          description={account !== null && !readOnly ? t('users.fields.emailReadOnly') : undefined}
          {...register('email')}
          error={fieldMessage(t, errors.email?.message)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {phone('cellPhone', t('users.fields.cellPhone'))}
          {phone('businessPhone', t('users.fields.businessPhone'))}
          <TextInput
            label={t('users.fields.businessExt')}
            inputMode="numeric"
            maxLength={EXTENSION_MAX_DIGITS}
            autoComplete="off"
            readOnly={readOnly}
            {...register('businessExt')}
            error={fieldMessage(t, errors.businessExt?.message)}
          />
        </SimpleGrid>
        {account !== null && (
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <Switch
                label={t('users.fields.active')}
                checked={field.value ?? true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={readOnly}
              />
            )}
          />
        )}
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
