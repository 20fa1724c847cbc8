//! [`Shared`]: a read-only slice shared by its clones, which compare equal at once.
//!
//! Instances and view states are cloned and compared at every step of a page (component props,
//! effect dependencies, memo keys, replay checkpoints); the largest chain has 615 400 tasks,
//! whose weights would be copied and compared element by element each time. `Arc<[T]>` shares
//! them, but its `==` compares the elements even for two clones of one allocation; `Shared`
//! answers from the pointer first.

use std::ops::Deref;
use std::sync::Arc;

/// A shared, immutable `[T]`: cloning copies a pointer; `==` is `true` at once for clones of
/// one allocation and compares the elements otherwise.
#[derive(Debug, Eq)]
pub struct Shared<T>(Arc<[T]>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0[..] == other.0[..]
    }
}

impl<T> Default for Shared<T> {
    fn default() -> Self {
        Shared(Arc::from(Vec::new()))
    }
}

impl<T> From<Vec<T>> for Shared<T> {
    fn from(v: Vec<T>) -> Self {
        Shared(v.into())
    }
}

impl<T: serde::Serialize> serde::Serialize for Shared<T> {
    /// As the slice: a sequence.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0[..].serialize(s)
    }
}

impl<T> Deref for Shared<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::Shared;

    #[test]
    fn clones_share_and_values_compare() {
        let a: Shared<u64> = vec![1, 2, 3].into();
        let b = a.clone();
        assert!(std::ptr::eq(a.as_ptr(), b.as_ptr()));
        assert_eq!(a, b);
        assert_eq!(a, Shared::from(vec![1, 2, 3]));
        assert_ne!(a, Shared::from(vec![1, 2, 4]));
        assert_eq!(&a[1..], [2, 3]);
        assert!(Shared::<u64>::default().is_empty());
    }
}
