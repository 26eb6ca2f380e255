import { SelectField } from '@agentora/ui';

/** A select filter over a fixed list of options, 'All' first. Its values are the option texts. */
export function OptionSelect<T extends string>({
  label,
  name,
  options,
  value,
  onChange,
}: {
  label: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <SelectField
      label={label}
      name={name}
      options={options.map((option) => ({ value: option, label: option }))}
      value={value}
      // The options are exactly `options`, so the chosen value is one of them.
      onChange={(event) => onChange(event.target.value as T)}
    />
  );
}
