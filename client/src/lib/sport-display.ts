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
 * Product rules §3 'Per-sport display info'. The badge always spells the name too, and every
 * pair below meets AA for small bold text.
 */
export interface SportDisplay {
  name: string;
  icon: LucideIcon;
  badgeClassName: string;
  accentClassName: string;
}

const KNOWN_SPORTS: Readonly<Record<string, Omit<SportDisplay, 'name'>>> = {
  NFL: {
    icon: RugbyBall,
    badgeClassName: 'bg-blue-950 text-white',
    accentClassName: 'bg-blue-950',
  },
  NCAAF: {
    icon: GraduationCap,
    badgeClassName: 'bg-purple-800 text-white',
    accentClassName: 'bg-purple-800',
  },
  // 700: lighter oranges fail contrast with white text.
  NBA: {
    icon: Volleyball,
    badgeClassName: 'bg-orange-700 text-white',
    accentClassName: 'bg-orange-500',
  },
  MLB: { icon: Diamond, badgeClassName: 'bg-red-700 text-white', accentClassName: 'bg-red-700' },
  NHL: {
    icon: HockeyStick,
    badgeClassName: 'bg-blue-700 text-white',
    accentClassName: 'bg-blue-600',
  },
  'Crazy Props': {
    icon: Sparkles,
    badgeClassName: 'bg-yellow-300 text-yellow-950',
    accentClassName: 'bg-yellow-400',
  },
};

const OTHER_SPORT: Omit<SportDisplay, 'name'> = {
  icon: Trophy,
  badgeClassName: 'bg-slate-600 text-white',
  accentClassName: 'bg-slate-400',
};

export function sportDisplayOf(sport: string): SportDisplay {
  const name = sport.trim() || 'Other';
  return { name, ...(KNOWN_SPORTS[name] ?? OTHER_SPORT) };
}
