import type { ReactNode } from 'react';
import type { ErrorVariant } from '../errorVariants';

/** One small drawing per error page, in the theme's colours; decorative, the text says it all. */
const drawings: Record<ErrorVariant, ReactNode> = {
  // a warning sign
  index: (
    <>
      <path
        d="M100 22 176 142H24z"
        fill="var(--mantine-color-yellow-1)"
        stroke="var(--mantine-color-yellow-7)"
        strokeWidth="6"
        strokeLinejoin="round"
      />
      <path d="M100 66v36" stroke="var(--mantine-color-yellow-8)" strokeWidth="10" strokeLinecap="round" />
      <circle cx="100" cy="122" r="6" fill="var(--mantine-color-yellow-8)" />
    </>
  ),
  // a map pin that points nowhere
  v1: (
    <>
      <ellipse cx="100" cy="140" rx="54" ry="9" fill="var(--mantine-color-gray-3)" />
      <path d="M100 136s-44-44-44-78a44 44 0 0 1 88 0c0 34-44 78-44 78z" fill="var(--mantine-color-blue-6)" />
      <text x="100" y="74" textAnchor="middle" fontSize="48" fontWeight="700" fill="#fff">
        ?
      </text>
    </>
  ),
  // a plug pulled from its outlet
  v2: (
    <>
      <rect
        x="20"
        y="46"
        width="58"
        height="68"
        rx="10"
        fill="var(--mantine-color-gray-2)"
        stroke="var(--mantine-color-gray-6)"
        strokeWidth="4"
      />
      <rect x="36" y="64" width="6" height="16" rx="2" fill="var(--mantine-color-gray-7)" />
      <rect x="56" y="64" width="6" height="16" rx="2" fill="var(--mantine-color-gray-7)" />
      <path d="M104 66h14M104 94h14" stroke="var(--mantine-color-gray-7)" strokeWidth="6" strokeLinecap="round" />
      <rect x="118" y="52" width="34" height="56" rx="8" fill="var(--mantine-color-red-6)" />
      <path
        d="M152 80c20 0 20 40 36 40"
        fill="none"
        stroke="var(--mantine-color-red-6)"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path
        d="M84 54l8 8M84 106l8-8M80 80h10"
        stroke="var(--mantine-color-orange-5)"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </>
  ),
  // an empty battery
  v3: (
    <>
      <rect
        x="30"
        y="48"
        width="128"
        height="64"
        rx="10"
        fill="none"
        stroke="var(--mantine-color-gray-6)"
        strokeWidth="6"
      />
      <rect x="160" y="66" width="12" height="28" rx="3" fill="var(--mantine-color-gray-6)" />
      <rect x="40" y="58" width="14" height="44" rx="3" fill="var(--mantine-color-red-6)" />
    </>
  ),
  // a padlock
  v4: (
    <>
      <path d="M70 70V52a30 30 0 0 1 60 0v18" fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth="10" />
      <rect x="52" y="70" width="96" height="74" rx="12" fill="var(--mantine-color-orange-6)" />
      <circle cx="100" cy="100" r="10" fill="#fff" />
      <rect x="96" y="104" width="8" height="22" rx="3" fill="#fff" />
    </>
  ),
  // a meter being serviced
  v5: (
    <>
      <circle
        cx="90"
        cy="82"
        r="54"
        fill="var(--mantine-color-blue-1)"
        stroke="var(--mantine-color-blue-6)"
        strokeWidth="6"
      />
      <path d="M90 82l26-26" stroke="var(--mantine-color-blue-8)" strokeWidth="6" strokeLinecap="round" />
      <circle cx="90" cy="82" r="7" fill="var(--mantine-color-blue-8)" />
      <path
        d="M134 118l30 30m-8-44a16 16 0 0 0-22 22l34 34a8 8 0 0 0 11-11z"
        fill="var(--mantine-color-gray-5)"
        stroke="var(--mantine-color-gray-7)"
        strokeWidth="4"
        strokeLinejoin="round"
      />
    </>
  ),
  // a cloud with its link cut
  v6: (
    <>
      <path
        d="M58 118a30 30 0 0 1 2-60 40 40 0 0 1 76-6 32 32 0 0 1 6 66z"
        fill="var(--mantine-color-gray-2)"
        stroke="var(--mantine-color-gray-6)"
        strokeWidth="5"
        strokeLinejoin="round"
      />
      <path d="M40 140 160 30" stroke="var(--mantine-color-red-6)" strokeWidth="8" strokeLinecap="round" />
    </>
  ),
};

export function ErrorPicture({ variant }: { variant: ErrorVariant }) {
  return (
    <svg viewBox="0 0 200 160" width="200" height="160" aria-hidden="true" focusable="false">
      {drawings[variant]}
    </svg>
  );
}
