import { useId } from 'react';
import { setTheme, THEMES, useTheme, type Theme } from '@client/lib/theme';
import { Label } from './label';
import { RadioCard, RadioGroup } from './radio-group';

const LABELS: Record<Theme, { label: string; description: string }> = {
  system: { label: 'System', description: "Follows your device's light or dark setting." },
  light: { label: 'Light', description: 'Always light.' },
  dark: { label: 'Dark', description: 'Always dark.' },
};

export function ThemeChoice() {
  const theme = useTheme();
  const labelId = useId();
  return (
    <div className="grid gap-2">
      <Label id={labelId} asChild>
        <span>Theme</span>
      </Label>
      <RadioGroup
        aria-labelledby={labelId}
        value={theme}
        onValueChange={(value) => {
          setTheme(value as Theme);
        }}
        className="sm:grid-cols-3"
      >
        {THEMES.map((choice) => (
          <RadioCard
            key={choice}
            value={choice}
            label={LABELS[choice].label}
            description={LABELS[choice].description}
          />
        ))}
      </RadioGroup>
    </div>
  );
}
