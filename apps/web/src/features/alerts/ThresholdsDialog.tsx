import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { alertThresholdsRequest, managesProperties, type AlertThresholds } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldMessage } from '../../i18n/messages';
import { ApiError } from '../../lib/apiError';
import { applyFieldErrors } from '../../lib/formErrors';
import { useSchemaForm } from '../../lib/schemaForm';
import { useRole } from '../../lib/session/useRole';
import { SubmitActions } from '../../ui/DialogActions';
import { PropertyDialog } from '../../ui/PropertyDialog';
import { QueryState } from '../../ui/QueryState';
import { toast } from '../../ui/toast';
import { useAlertThresholds, useSaveAlertThresholds } from './thresholdHooks';

type Site = { siteID: number; sitePublicName: string };
type Field = Exclude<keyof AlertThresholds, 'siteID'>;

/** The fields by rule: leak (water), electricity, usage nobody pays for. */
const GROUPS: Array<{ legend: 'water' | 'electric' | 'unbilled'; fields: Field[] }> = [
  { legend: 'water', fields: ['leakGallonsPerHour', 'leakHours', 'nightFlowGallons'] },
  { legend: 'electric', fields: ['abnormalMultiple', 'vacantKwhPerHour'] },
  { legend: 'unbilled', fields: ['unbilledKwhPerDay', 'unbilledGallonsPerDay'] },
];
const FIELDS = GROUPS.flatMap((g) => g.fields);

/**
 * A property's alert thresholds (its actions menu): what the leak, night-flow, abnormal-use,
 * vacant-draw and unbilled-usage rules compare with. An Administrator or the Site Owner
 * changes them; a Site Manager reads them.
 */
export function ThresholdsDialog({ site, onClose }: { site: Site; onClose: () => void }) {
  const { t } = useTranslation();
  const thresholds = useAlertThresholds(site.siteID);
  const canEdit = managesProperties(useRole());
  return (
    <PropertyDialog
      onClose={onClose}
      title={t('alertThresholds.title', { name: site.sitePublicName })}
      size="lg"
      intro={t('alertThresholds.intro')}
    >
      <QueryState query={thresholds} loading={{ height: 160 }} failed={t('alertThresholds.loadFailed')}>
        {(current) => <ThresholdsForm site={site} current={current} canEdit={canEdit} onClose={onClose} />}
      </QueryState>
    </PropertyDialog>
  );
}

function ThresholdsForm({
  site,
  current,
  canEdit,
  onClose,
}: {
  site: Site;
  current: AlertThresholds;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveAlertThresholds(site.siteID);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(alertThresholdsRequest, { defaultValues: current });

  const onSubmit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: () => {
        toast.success(t('alertThresholds.saved'));
        onClose();
      },
      onError: (error) => {
        const onFields = error instanceof ApiError && error.fields.length > 0;
        if (onFields) applyFieldErrors(error, setError, FIELDS);
        toast.error(onFields ? t('alertThresholds.saveFailed') : errorMessage(t, error));
      },
    }),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('alertThresholds.formLabel')}>
      <Stack gap="md">
        {!canEdit && (
          <Alert variant="light" color="gray">
            {t('alertThresholds.readOnly')}
          </Alert>
        )}
        {GROUPS.map((group) => (
          <Fieldset key={group.legend} legend={t(`alertThresholds.groups.${group.legend}`)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {group.fields.map((field) => (
                <TextInput
                  key={field}
                  label={t(`alertThresholds.fields.${field}`)}
                  inputMode={field === 'leakHours' ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  readOnly={!canEdit}
                  error={fieldMessage(t, errors[field]?.message)}
                  {...register(field)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        {canEdit ? (
          <SubmitActions onCancel={onClose} label={t('alertThresholds.save')} loading={save.isPending} />
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.close')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
