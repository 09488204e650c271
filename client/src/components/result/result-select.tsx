import { useId, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { NativeSelect } from '@client/components/ui/native-select';

export interface ResultChoice {
  value: string;
  label: string;
}

interface ResultSelectProps {
  title: string;
  choices: readonly ResultChoice[];
  /** Left out when the form owns the value (react-hook-form's `register`). */
  value?: string;
  name?: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  ref?: Ref<HTMLSelectElement>;
  disabled?: boolean;
  className?: string;
}

/** Product rules §5 'Set result': the prop's options then N/A. */
export function ResultSelect({ title, choices, ...select }: ResultSelectProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        Result for {title}
      </label>
      <NativeSelect id={id} {...select}>
        <option value="">Choose the result…</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </>
  );
}
