import { useLocale } from 'react-admin';

/** A protocol choice's label (`{ es, en }`) in the console's language. */
export function useChoiceLabel() {
  const language = useLocale() === 'en' ? 'en' : 'es';
  return (choice: { label: { es: string; en: string } }) => choice.label[language];
}
