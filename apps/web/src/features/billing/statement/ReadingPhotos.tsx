import { Anchor, Image, Loader, Modal, Stack } from '@mantine/core';
import { api, type ReadingPhotoRef } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestFile } from '../../../lib/client';
import { propertyTimeText } from '../../../ui/PropertyTime';

/** A photo's image, fetched with the session (an <img> cannot send it) and shown from memory. */
function PhotoImage({ photo, alt }: { photo: ReadingPhotoRef; alt: string }) {
  const { t } = useTranslation();
  const blob = useQuery({
    queryKey: ['readingPhoto', photo.servicePointID, photo.at],
    queryFn: () => requestFile(api.meters.readingPhoto, { query: photo }),
    staleTime: Infinity,
  });
  const url = useMemo(() => (blob.data ? URL.createObjectURL(blob.data) : null), [blob.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (blob.isError) return t('billing.statement.photoFailed');
  return url ? <Image src={url} alt={alt} radius="sm" /> : <Loader aria-label={t('common.loading')} />;
}

/** The photos of a meter's face taken with the stay's readings: a link each, opening the photo. */
export function ReadingPhotos({
  photos,
  meterName,
  timeZone,
}: {
  photos: ReadingPhotoRef[];
  meterName: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState<ReadingPhotoRef | null>(null);
  const label = (p: ReadingPhotoRef) =>
    t('billing.statement.photoOf', { meter: meterName, at: propertyTimeText(p.at, timeZone, i18n.language) });
  return (
    <Stack gap={2} align="flex-end">
      {photos.map((p) => (
        <Anchor component="button" type="button" size="xs" key={p.at} onClick={() => setOpen(p)}>
          {label(p)}
        </Anchor>
      ))}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={open ? label(open) : ''} size="lg">
        {open && <PhotoImage photo={open} alt={label(open)} />}
      </Modal>
    </Stack>
  );
}
