// Light on purpose (no zod): the pages import it from @roundkeeper/protocol/srd-attribution.
/**
 * The attribution the SRD 5.1's licence (CC-BY-4.0) asks of every work that uses it; shown wherever the
 * built-in monsters are (the bestiary page, the README, the route that lists them).
 */
export const SRD_ATTRIBUTION =
  'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by Wizards of the Coast LLC and available at https://dnd.wizards.com/resources/systems-reference-document. The SRD 5.1 is licensed under the Creative Commons Attribution 4.0 International License available at https://creativecommons.org/licenses/by/4.0/legalcode.';
