import {
  Diamond,
  GraduationCap,
  HockeyStick,
  RugbyBall,
  Sparkles,
  Trophy,
  Volleyball,
  type LucideIcon,
} from 'lucide-react';

/**
 * Product rules §3 'Per-sport display info': a name, an icon and a colour per sport. The colour
 * is never the only thing that tells sports apart: the badge always spells the name too.
 * Every pair below meets AA for small bold text (white on the 700–900 shades, dark brown
 * on yellow).
 */
export interface SportDisplay {
  name: string;
  icon: LucideIcon;
  /** Background and text of the sport badge. */
  badgeClassName: string;
  /** The stripe along a prop card's top edge. */
  accentClassName: string;
}

const KNOWN_SPORTS: Readonly<Record<string, Omit<SportDisplay, 'name'>>> = {
  // Dark blue.
  NFL: {
    icon: RugbyBall,
    badgeClassName: 'bg-blue-950 text-white',
    accentClassName: 'bg-blue-950',
  },
  // Purple; the cap tells college football from the NFL at a glance.
  NCAAF: {
    icon: GraduationCap,
    badgeClassName: 'bg-purple-800 text-white',
    accentClassName: 'bg-purple-800',
  },
  // Orange (700: lighter oranges fail contrast with white text).
  NBA: {
    icon: Volleyball,
    badgeClassName: 'bg-orange-700 text-white',
    accentClassName: 'bg-orange-500',
  },
  // Red; a diamond for the baseball field.
  MLB: { icon: Diamond, badgeClassName: 'bg-red-700 text-white', accentClassName: 'bg-red-700' },
  // Blue, lighter than the NFL's.
  NHL: {
    icon: HockeyStick,
    badgeClassName: 'bg-blue-700 text-white',
    accentClassName: 'bg-blue-600',
  },
  // Yellow.
  'Crazy Props': {
    icon: Sparkles,
    badgeClassName: 'bg-yellow-300 text-yellow-950',
    accentClassName: 'bg-yellow-400',
  },
};

// Grey: custom sports and anything else.
const OTHER_SPORT: Omit<SportDisplay, 'name'> = {
  icon: Trophy,
  badgeClassName: 'bg-slate-600 text-white',
  accentClassName: 'bg-slate-400',
};

/** How a prop's sport is shown; a custom sport keeps its own name with the grey style. */
export function sportDisplayOf(sport: string): SportDisplay {
  const name = sport.trim() || 'Other';
  return { name, ...(KNOWN_SPORTS[name] ?? OTHER_SPORT) };
}
