import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import type { StayStatement } from '@portal/contract';
import { IconCheck, IconCopy, IconLink, IconLinkOff } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { errorMessage, serverText } from '../../../i18n/messages';
import { useConfirm } from '../../../ui/confirmContext';
import { propertyTimeText } from '../../../ui/PropertyTime';
import { toast } from '../../../ui/toast';
import { useIssueLink, useRevokeLink } from '../hooks';
import classes from './Statement.module.css';

/**
 * The guest's link to the statement: a QR code to scan from the screen or the printout, the
 * address with Copy, and Revoke (confirmed), after which the guest page answers "not valid";
 * once revoked, a new link can be issued (the old one stays dead).
 */
export function GuestLink({ statement: s }: { statement: StayStatement }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const revoke = useRevokeLink();
  const issue = useIssueLink();
  const clipboard = useClipboard({ timeout: 2000 });

  const onIssue = () =>
    issue.mutate(s.stayID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'statementLinkIssued')),
      onError: (error) => toast.error(errorMessage(t, error)),
    });

  const onRevoke = async () => {
    const confirmed = await confirm({
      title: t('billing.link.revokeTitle'),
      message: t('billing.link.revokeQuestion'),
      confirmLabel: t('billing.link.revokeConfirm'),
      danger: true,
    });
    if (!confirmed) return;
    revoke.mutate(s.stayID, {
      onSuccess: (message) => toast.success(serverText(t, message, 'statementLinkRevoked')),
      onError: (error) => toast.error(errorMessage(t, error)),
    });
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-link">
      <Title order={2} size="h4" mb="sm" id="statement-link">
        {t('billing.link.title')}
      </Title>
      {s.publicUrl === null && s.linkRevokedAt !== null ? (
        <Stack gap="sm" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('billing.link.revoked', { date: propertyTimeText(s.linkRevokedAt, s.timeZone, i18n.language) })}
          </Text>
          <Button
            variant="light"
            className={classes.noPrint}
            leftSection={<IconLink size={16} aria-hidden />}
            loading={issue.isPending}
            onClick={onIssue}
          >
            {t('billing.link.issue')}
          </Button>
        </Stack>
      ) : s.publicUrl === null ? (
        <Text size="sm" c="dimmed">
          {t('billing.link.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{t('billing.link.intro')}</Text>
          <QRCodeSVG
            value={s.publicUrl}
            size={168}
            marginSize={2}
            className={classes.qr}
            role="img"
            aria-label={t('billing.link.qr')}
            title={t('billing.link.qr')}
          />
          <Anchor href={s.publicUrl} target="_blank" rel="noopener noreferrer" size="sm" className={classes.url}>
            {s.publicUrl}
          </Anchor>
          <Text size="xs" c="dimmed">
            {s.linkExpiresAt
              ? t('billing.link.expires', { date: propertyTimeText(s.linkExpiresAt, s.timeZone, i18n.language) })
              : t('billing.link.whileOpen')}
          </Text>
          <Group gap="xs" className={classes.noPrint}>
            <Button
              variant="light"
              leftSection={clipboard.copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={() => clipboard.copy(s.publicUrl)}
            >
              {clipboard.copied ? t('billing.link.copied') : t('billing.link.copy')}
            </Button>
            <Button
              variant="outline"
              color="red"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              loading={revoke.isPending}
              onClick={() => void onRevoke()}
            >
              {t('billing.link.revoke')}
            </Button>
          </Group>
          {clipboard.error && (
            <Text size="xs" c="red" role="alert">
              {t('billing.link.copyFailed')}
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
