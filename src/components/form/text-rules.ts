/**
 * Rules of the name and description boxes of the console's own form schemas (forms whose values are not a request
 * body as is, e.g. models and validations), with messages that name the field.
 */
import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '@/contract';

export const requiredNameRule = z
  .string()
  .trim()
  .min(1, { message: 'Name is required' })
  .max(MAX_TEXT_LENGTH, { message: `Name must be at most ${MAX_TEXT_LENGTH} characters` });

export const descriptionRule = z
  .string()
  .max(MAX_TEXT_LENGTH, { message: `Description must be at most ${MAX_TEXT_LENGTH} characters` });
