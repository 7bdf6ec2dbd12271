/**
 * A filter text box for table toolbars that writes to the URL after typing pauses (not on every key).
 *
 *   <SearchInput label="Filter by operator" value={search.operator ?? ''}
 *     onChange={(operator) => navigate({ search: (s) => ({ ...s, operator: operator || undefined, cursor: undefined }) })} />
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { IconSearch } from '@/components/icons';

export function SearchInput({
  label,
  value,
  onChange,
  placeholder,
  delay = 300,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  delay?: number;
}) {
  const [text, setText] = useState(value);
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    setText(value);
  }
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), delay);
    return () => clearTimeout(timer);
  }, [text, value, onChange, delay]);
  return (
    <span className="search-field">
      <IconSearch />
      <input
        type="search"
        className="input input--search"
        aria-label={label}
        placeholder={placeholder ?? label}
        style={{ '--search-ch': (placeholder ?? label).length } as CSSProperties}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange(text);
        }}
      />
    </span>
  );
}
