/** Refusals of a number typed in a form (src/i18n/numbers.ts), in both languages. */
export const numbersMessages = {
  es: {
    numbers: {
      refused: {
        unreadable:
          '«%{text}» no es un número: escriba cifras, un signo y la coma decimal, como 1234,5.',
        ambiguous:
          '«%{text}» puede ser un número con decimales o uno con punto de miles: escriba la coma decimal (1,234) o el número sin punto (1234).',
        grouping:
          '«%{text}» tiene un separador de miles fuera de sitio: los grupos son de tres cifras (1.234.567,5), o escriba el número sin ellos.',
      },
    },
  },
  en: {
    numbers: {
      refused: {
        unreadable:
          '“%{text}” is not a number: type digits, a sign and a decimal point, as in 1234.5.',
        ambiguous:
          '“%{text}” could be a decimal number or one with a thousands separator: type the decimal point (1.234) or the number without separators (1234).',
        grouping:
          '“%{text}” has a thousands separator out of place: groups have three digits (1,234,567.5) and the decimal separator is the point (3.25).',
      },
    },
  },
};
