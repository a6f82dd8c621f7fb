import { Accordion, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type CountryLookup,
  Role,
  type SitePartner,
  type SiteSetting,
  type SiteWithStats,
  type TimeZoneLookup,
} from '@portal/contract';
import { useState } from 'react';
import { Controller, type FieldErrors, FormProvider, type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/apiError';
import { applyFieldErrors, hasFieldErrors } from '../../../../lib/formErrors';
import { useSchemaForm } from '../../../../lib/schemaForm';
import { idSelectProps, inputProps, serverText } from '../../../../i18n/messages';
import { toast } from '../../../../ui/toast';
import { failureMessage } from '../../failureMessage';
import { useBusinessLookup, useSaveSite, useStates } from '../../hooks';
import {
  type SiteFormValues,
  billingSameAsPhysical,
  siteFormSchema,
  siteFormDefaults,
  siteRequest,
} from '../../siteFormValues';
import { useRole } from '../../../../lib/session/useRole';
import { AddressSection } from './AddressSection';
import { CheckInOutSection } from './CheckInOutSection';
import { IntegrationsSection } from './IntegrationsSection';
import { RatesSection } from './RatesSection';
import { type Section, sectionOfField, sections } from './sections';
import { SubmitActions } from '../../../../ui/DialogActions';

type Props = {
  site: SiteWithStats | undefined;
  setting: SiteSetting | undefined;
  busEntityID: number | undefined;
  partners: SitePartner[];
  timeZones: TimeZoneLookup[];
  countries: CountryLookup[];
  onClose: () => void;
};

function browserTimeZone(timeZones: readonly TimeZoneLookup[]): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return timeZones.some((z) => z.timeZone === zone) ? zone : '';
}

/** Every path the server may name in a field error, for the rows the form has now. */
function serverFieldNames(values: SiteFormValues): Path<SiteFormValues>[] {
  const rows = values.integrations.flatMap(
    (_, i) => [`integrations.${i}.partnerID`, `integrations.${i}.propertyKey`] as const,
  );
  return [...(Object.keys(values) as Array<keyof SiteFormValues>), ...rows];
}

function sectionsWithErrors(paths: readonly string[]): Section[] {
  return sections.filter((section) => paths.some((path) => sectionOfField(path) === section));
}

export function SiteFormBody({ site, setting, busEntityID, partners, timeZones, countries, onClose }: Props) {
  const { t } = useTranslation();
  const role = useRole();
  const isNew = !site;
  const chooseBusiness = isNew && busEntityID === undefined && role === Role.Administrator;
  const businesses = useBusinessLookup(chooseBusiness);
  const save = useSaveSite();
  const [sameAsPhysical, setSameAsPhysical] = useState(() => billingSameAsPhysical(site));
  const [openSections, setOpenSections] = useState<string[]>([...sections]);

  const form = useSchemaForm(siteFormSchema, {
    defaultValues: siteFormDefaults({ site, setting, busEntityID, timeZone: browserTimeZone(timeZones) }),
  });
  const { control, handleSubmit, setError, getValues } = form;
  const input = inputProps(t, form);
  const [countryID, stateID] = useWatch({ control, name: ['fk_PhysicalCountryID', 'fk_PhysicalStateID'] });
  const physicalStates = useStates(countryID);
  const stateAbbreviation = physicalStates.data?.find((state) => state.stateID === stateID)?.abbreviation ?? '';

  const openSectionsFor = (paths: readonly string[]) =>
    setOpenSections((open) => [...new Set([...open, ...sectionsWithErrors(paths)])]);

  const onInvalid = (invalid: FieldErrors<SiteFormValues>) => openSectionsFor(Object.keys(invalid));

  const onSubmit = handleSubmit((values) => {
    const request = siteRequest(values, { sameAsPhysical, partners, stateAbbreviation });
    save.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(serverText(t, message, isNew ? 'propertyAdded' : 'propertyUpdated'));
        onClose();
      },
      onError: (error) => {
        const fields = serverFieldNames(getValues());
        const onFields = hasFieldErrors(error, fields);
        if (onFields && error instanceof ApiError) {
          openSectionsFor(error.fields.map((f) => f.field));
          applyFieldErrors(error, setError, fields);
        }
        const failed = isNew ? 'propertyAddFailed' : 'propertyUpdateFailed';
        toast.error(onFields ? t(`msg.${failed}`) : failureMessage(t, error, failed));
      },
    });
  }, onInvalid);

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: chooseBusiness ? 3 : 2 }} spacing="sm">
            {chooseBusiness && (
              <Controller
                control={control}
                name="fk_BusEntityID"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('sites.form.business')}
                    placeholder={t('msg.selectBusinessPlaceholder')}
                    withAsterisk
                    searchable
                    data={(businesses.data ?? []).map((b) => ({ value: String(b.id), label: b.value }))}
                    {...idSelectProps(t, field, fieldState)}
                  />
                )}
              />
            )}
            <TextInput label={t('sites.form.propertyName')} withAsterisk {...input('sitePublicName')} />
            <TextInput label={t('sites.form.billingName')} {...input('siteBillingName')} />
          </SimpleGrid>

          <Accordion multiple variant="contained" value={openSections} onChange={setOpenSections}>
            <Accordion.Item value="physical">
              <Accordion.Control>{t('sites.form.sections.physical')}</Accordion.Control>
              <Accordion.Panel>
                <AddressSection
                  countries={countries}
                  timeZones={timeZones}
                  sameAsPhysical={sameAsPhysical}
                  onSameAsPhysicalChange={setSameAsPhysical}
                />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="rates">
              <Accordion.Control>{t('sites.form.sections.rates')}</Accordion.Control>
              <Accordion.Panel>
                <RatesSection />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="checkInOut">
              <Accordion.Control>{t('sites.form.sections.checkInOut')}</Accordion.Control>
              <Accordion.Panel>
                <CheckInOutSection />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="integrations">
              <Accordion.Control>{t('sites.form.sections.integrations')}</Accordion.Control>
              <Accordion.Panel>
                <IntegrationsSection
                  partners={partners}
                  storedIntegrations={site?.integrations ?? []}
                  stateAbbreviation={stateAbbreviation}
                />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>

          <SubmitActions onCancel={onClose} label={t('sites.form.save')} loading={save.isPending} />
        </Stack>
      </form>
    </FormProvider>
  );
}
